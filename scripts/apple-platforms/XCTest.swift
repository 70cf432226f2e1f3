// The one XCTest function that StateMachineFixturesTesting calls, declared as Apple's XCTest
// declares it, for scripts/check-apple-platforms: the Linux toolchain ships XCTest without an
// interface to retarget. A test target on an Apple platform links Apple's own XCTest.
public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}

// Ported from CameraViewModel.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusCamera: StateMachineBuilder {

    static let BACK = "back"
    static let FRONT = "front"
    static let MIN_ZOOM = 100
    static let MIN_VIDEO_MILLIS: Int64 = 1_000

    typealias State = CameraState
    typealias Event = CameraEvent
    typealias SideEffect = CameraSideEffect

    enum CameraState: StateMachineHashable, Codable, Equatable {
        case closed
        case opening(lens: String)
        case preview(lens: String, zoomPercent: Int, flash: Bool)
        case takingPhoto(lens: String, zoomPercent: Int, flash: Bool)
        case recording(lens: String, zoomPercent: Int, fileName: String, elapsedMillis: Int64)
        case saving(lens: String, fileName: String)
        case failed(code: Int, message: String)

        enum HashableIdentifier: String { case closed, opening, preview, takingPhoto, recording, saving, failed }
    }

    enum CameraEvent: StateMachineHashable, Codable, Equatable {
        case `open`(lens: String)
        case opened
        case zoom(deltaPercent: Int)
        case toggleFlash
        case switchLens
        case shutterPressed
        case photoCaptured(fileName: String)
        case startRecording(fileName: String)
        case tick(elapsedMillis: Int64)
        case stopRecording
        case saved
        case cameraError(code: Int)
        case close

        enum HashableIdentifier: String { case `open`, opened, zoom, toggleFlash, switchLens, shutterPressed, photoCaptured, startRecording, tick, stopRecording, saved, cameraError, close }
    }

    enum CameraSideEffect: Codable, Equatable {
        case openCamera(lens: String)
        case capturePhoto(flash: Bool)
        case startVideo(fileName: String)
        case stopVideo
        case saveMedia(fileName: String)
        case vibrate
        case closeCamera
    }

    protocol CameraLogger {
        func d(_ message: String)
    }

    protocol CameraDevice {
        func `open`(_ lens: String)
        func capture(_ flash: Bool)
        func startVideo(_ fileName: String)
        func stopVideo()
        func close()
    }

    protocol MediaStorage {
        func save(_ fileName: String)
    }

    protocol Haptics {
        func vibrate()
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        func describe(_ code: Int) -> String
        var maxVideoMillis: Int64 { get }
        var logger: any CameraLogger { get }
        var camera: any CameraDevice { get }
        var storage: any MediaStorage { get }
        var haptics: any Haptics { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.closed)
            state(.closed) {
                on(.`open`) { _, event in
                    try transition(to: .opening(lens: (event.lens() as String)), emit: .openCamera(lens: (event.lens() as String)))
                }
            }
            state(.opening) {
                on(.opened) { state in
                    try transition(to: .preview(lens: (state.lens() as String), zoomPercent: 100, flash: false))
                }
                on(.cameraError) { _, event in
                    try transition(to: .failed(code: (event.code() as Int), message: context.describe((event.code() as Int))))
                }
            }
            state(.preview) {
                on(.zoom) {
                    // port: not ported, Kotlin line 34: a call on a value `(zoomPercent + it.deltaPercent).coerceIn(MIN_ZOOM, maxZoo …`
                    // val zoom = (zoomPercent + it.deltaPercent).coerceIn(MIN_ZOOM, maxZoomFor(lens))
                    // if (zoom == zoomPercent) dontTransition() else transitionTo(copy(zoomPercent = zoom))
                    fatalError("port: CameraViewModel.kt:34: a call on a value `(zoomPercent + it.deltaPercent).coerceIn(MIN_ZOOM, maxZoo …` is not ported")
                }
                on(.toggleFlash) { state in
                    if try (state.lens() as String) == FRONT {
                        return dontTransition()
                    } else {
                        return try transition(to: .preview(lens: (state.lens() as String), zoomPercent: (state.zoomPercent() as Int), flash: !(state.flash() as Bool)))
                    }
                }
                on(.switchLens) { state in
                    let other = try (state.lens() as String) == BACK ? FRONT : BACK
                    return transition(to: .opening(lens: other), emit: .openCamera(lens: other))
                }
                on(.shutterPressed) { state in
                    try transition(to: .takingPhoto(lens: (state.lens() as String), zoomPercent: (state.zoomPercent() as Int), flash: (state.flash() as Bool)), emit: .capturePhoto(flash: (state.flash() as Bool)))
                }
                on(.startRecording) { state, event in
                    try transition(to: .recording(lens: (state.lens() as String), zoomPercent: (state.zoomPercent() as Int), fileName: (event.fileName() as String), elapsedMillis: 0), emit: .startVideo(fileName: (event.fileName() as String)))
                }
                on(.cameraError) { _, event in
                    try transition(to: .failed(code: (event.code() as Int), message: context.describe((event.code() as Int))), emit: .closeCamera)
                }
                on(.close) { transition(to: .closed, emit: .closeCamera) }
            }
            state(.takingPhoto) {
                on(.photoCaptured) { state, event in
                    try transition(to: .saving(lens: (state.lens() as String), fileName: (event.fileName() as String)), emit: .saveMedia(fileName: (event.fileName() as String)))
                }
                on(.cameraError) { state in
                    try transition(to: .preview(lens: (state.lens() as String), zoomPercent: (state.zoomPercent() as Int), flash: (state.flash() as Bool)), emit: .vibrate)
                }
            }
            state(.recording, where: { state in try (state.elapsedMillis() as Int64) >= context.maxVideoMillis }) {
                on(.`open`) { state in
                    try transition(to: .saving(lens: (state.lens() as String), fileName: (state.fileName() as String)), emit: .stopVideo)
                }
                on(.opened) { state in
                    try transition(to: .saving(lens: (state.lens() as String), fileName: (state.fileName() as String)), emit: .stopVideo)
                }
                on(.zoom) { state in
                    try transition(to: .saving(lens: (state.lens() as String), fileName: (state.fileName() as String)), emit: .stopVideo)
                }
                on(.toggleFlash) { state in
                    try transition(to: .saving(lens: (state.lens() as String), fileName: (state.fileName() as String)), emit: .stopVideo)
                }
                on(.switchLens) { state in
                    try transition(to: .saving(lens: (state.lens() as String), fileName: (state.fileName() as String)), emit: .stopVideo)
                }
                on(.shutterPressed) { state in
                    try transition(to: .saving(lens: (state.lens() as String), fileName: (state.fileName() as String)), emit: .stopVideo)
                }
                on(.photoCaptured) { state in
                    try transition(to: .saving(lens: (state.lens() as String), fileName: (state.fileName() as String)), emit: .stopVideo)
                }
                on(.startRecording) { state in
                    try transition(to: .saving(lens: (state.lens() as String), fileName: (state.fileName() as String)), emit: .stopVideo)
                }
                on(.tick) { state in
                    try transition(to: .saving(lens: (state.lens() as String), fileName: (state.fileName() as String)), emit: .stopVideo)
                }
                on(.stopRecording) { state in
                    try transition(to: .saving(lens: (state.lens() as String), fileName: (state.fileName() as String)), emit: .stopVideo)
                }
                on(.saved) { state in
                    try transition(to: .saving(lens: (state.lens() as String), fileName: (state.fileName() as String)), emit: .stopVideo)
                }
                on(.cameraError) { state in
                    try transition(to: .saving(lens: (state.lens() as String), fileName: (state.fileName() as String)), emit: .stopVideo)
                }
                on(.close) { state in
                    try transition(to: .saving(lens: (state.lens() as String), fileName: (state.fileName() as String)), emit: .stopVideo)
                }
            }
            state(.recording) {
                on(.tick) { state, event in
                    try transition(to: .recording(lens: (state.lens() as String), zoomPercent: (state.zoomPercent() as Int), fileName: (state.fileName() as String), elapsedMillis: min(context.maxVideoMillis, (state.elapsedMillis() as Int64) + (event.elapsedMillis() as Int64))))
                }
                on(.stopRecording) { state in
                    if try (state.elapsedMillis() as Int64) < MIN_VIDEO_MILLIS {
                        return try transition(to: .preview(lens: (state.lens() as String), zoomPercent: (state.zoomPercent() as Int), flash: false), emit: .stopVideo)
                    } else {
                        return try transition(to: .saving(lens: (state.lens() as String), fileName: (state.fileName() as String)), emit: .stopVideo)
                    }
                }
            }
            state(.saving) {
                on(.saved) { state in
                    try transition(to: .preview(lens: (state.lens() as String), zoomPercent: 100, flash: false), emit: .vibrate)
                }
            }
            state(.failed) {
                on(.`open`) { _, event in
                    try transition(to: .opening(lens: (event.lens() as String)), emit: .openCamera(lens: (event.lens() as String)))
                }
            }
            onTransition { _ in
                // port: not ported, Kotlin line 100: the property `it.fromState`
                // logger.d("camera: ${it.fromState} + ${it.event}")
                fatalError("port: CameraViewModel.kt:100: the property `it.fromState` is not ported")
            }
            onTransition { result in
                guard case .success(let valid) = result, let sideEffect = valid.sideEffect else { return }
                switch sideEffect {
                case let .openCamera(lens):
                    context.camera.`open`(lens)
                case let .capturePhoto(flash):
                    context.camera.capture(flash)
                case let .startVideo(fileName):
                    context.camera.startVideo(fileName)
                case .stopVideo:
                    context.camera.stopVideo()
                case let .saveMedia(fileName):
                    context.storage.save(fileName)
                case .vibrate:
                    context.haptics.vibrate()
                case .closeCamera:
                    context.camera.close()
                default:
                    break
                }
            }
        }
    }
}

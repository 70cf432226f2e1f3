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

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .closed: "Closed"
            case let .opening(lens): "Opening(lens=\(lens))"
            case let .preview(lens, zoomPercent, flash): "Preview(lens=\(lens), zoomPercent=\(zoomPercent), flash=\(flash))"
            case let .takingPhoto(lens, zoomPercent, flash): "TakingPhoto(lens=\(lens), zoomPercent=\(zoomPercent), flash=\(flash))"
            case let .recording(lens, zoomPercent, fileName, elapsedMillis): "Recording(lens=\(lens), zoomPercent=\(zoomPercent), fileName=\(fileName), elapsedMillis=\(elapsedMillis))"
            case let .saving(lens, fileName): "Saving(lens=\(lens), fileName=\(fileName))"
            case let .failed(code, message): "Failed(code=\(code), message=\(message))"
            }
        }
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

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case let .`open`(lens): "Open(lens=\(lens))"
            case .opened: "Opened"
            case let .zoom(deltaPercent): "Zoom(deltaPercent=\(deltaPercent))"
            case .toggleFlash: "ToggleFlash"
            case .switchLens: "SwitchLens"
            case .shutterPressed: "ShutterPressed"
            case let .photoCaptured(fileName): "PhotoCaptured(fileName=\(fileName))"
            case let .startRecording(fileName): "StartRecording(fileName=\(fileName))"
            case let .tick(elapsedMillis): "Tick(elapsedMillis=\(elapsedMillis))"
            case .stopRecording: "StopRecording"
            case .saved: "Saved"
            case let .cameraError(code): "CameraError(code=\(code))"
            case .close: "Close"
            }
        }
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
        var maxVideoMillis: Int64 { get }
        var logger: any CameraLogger { get }
        var camera: any CameraDevice { get }
        var storage: any MediaStorage { get }
        var haptics: any Haptics { get }
    }

    /// Kotlin's `CameraViewModel.describe`, ported.
    private static func describe(_ code: Int) -> String {
        switch code {
        case 1:
            return "Camera in use"
        case 2:
            return "Camera disabled by policy"
        case 3:
            return "Camera device error"
        default:
            return "Unknown camera error \(code)"
        }
    }

    /// Kotlin's `CameraViewModel.maxZoomFor`, ported.
    private static func maxZoomFor(_ lens: String) -> Int {
        if lens == BACK {
            return 1_000
        } else {
            return 200
        }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.closed)
            state(.closed) {
                on(.`open`) { _, event in
                    guard case let .`open`(lens) = event else { preconditionFailure() }
                    return transition(to: .opening(lens: lens), emit: .openCamera(lens: lens))
                }
            }
            state(.opening) {
                on(.opened) { state in
                    guard case let .opening(lens) = state else { preconditionFailure() }
                    return transition(to: .preview(lens: lens, zoomPercent: 100, flash: false))
                }
                on(.cameraError) { _, event in
                    guard case let .cameraError(code) = event else { preconditionFailure() }
                    return transition(to: .failed(code: code, message: describe(code)))
                }
            }
            state(.preview) {
                on(.zoom) { state, event in
                    guard case let .preview(lens, zoomPercent, flash) = state else { preconditionFailure() }
                    guard case let .zoom(deltaPercent) = event else { preconditionFailure() }
                    let zoom = min(max(zoomPercent + deltaPercent, MIN_ZOOM), maxZoomFor(lens))
                    if zoom == zoomPercent {
                        return dontTransition()
                    } else {
                        return transition(to: .preview(lens: lens, zoomPercent: zoom, flash: flash))
                    }
                }
                on(.toggleFlash) { state in
                    guard case let .preview(lens, zoomPercent, flash) = state else { preconditionFailure() }
                    if lens == FRONT {
                        return dontTransition()
                    } else {
                        return transition(to: .preview(lens: lens, zoomPercent: zoomPercent, flash: !flash))
                    }
                }
                on(.switchLens) { state in
                    guard case let .preview(lens, _, _) = state else { preconditionFailure() }
                    let other = lens == BACK ? FRONT : BACK
                    return transition(to: .opening(lens: other), emit: .openCamera(lens: other))
                }
                on(.shutterPressed) { state in
                    guard case let .preview(lens, zoomPercent, flash) = state else { preconditionFailure() }
                    return transition(to: .takingPhoto(lens: lens, zoomPercent: zoomPercent, flash: flash), emit: .capturePhoto(flash: flash))
                }
                on(.startRecording) { state, event in
                    guard case let .preview(lens, zoomPercent, _) = state else { preconditionFailure() }
                    guard case let .startRecording(fileName) = event else { preconditionFailure() }
                    return transition(to: .recording(lens: lens, zoomPercent: zoomPercent, fileName: fileName, elapsedMillis: 0), emit: .startVideo(fileName: fileName))
                }
                on(.cameraError) { _, event in
                    guard case let .cameraError(code) = event else { preconditionFailure() }
                    return transition(to: .failed(code: code, message: describe(code)), emit: .closeCamera)
                }
                on(.close) { transition(to: .closed, emit: .closeCamera) }
            }
            state(.takingPhoto) {
                on(.photoCaptured) { state, event in
                    guard case let .takingPhoto(lens, _, _) = state else { preconditionFailure() }
                    guard case let .photoCaptured(fileName) = event else { preconditionFailure() }
                    return transition(to: .saving(lens: lens, fileName: fileName), emit: .saveMedia(fileName: fileName))
                }
                on(.cameraError) { state in
                    guard case let .takingPhoto(lens, zoomPercent, flash) = state else { preconditionFailure() }
                    return transition(to: .preview(lens: lens, zoomPercent: zoomPercent, flash: flash), emit: .vibrate)
                }
            }
            state(.recording, where: { state in
                guard case let .recording(_, _, _, elapsedMillis) = state else { preconditionFailure() }
                return elapsedMillis >= context.maxVideoMillis
            }) {
                on(.`open`) { state in
                    guard case let .recording(lens, _, fileName, _) = state else { preconditionFailure() }
                    return transition(to: .saving(lens: lens, fileName: fileName), emit: .stopVideo)
                }
                on(.opened) { state in
                    guard case let .recording(lens, _, fileName, _) = state else { preconditionFailure() }
                    return transition(to: .saving(lens: lens, fileName: fileName), emit: .stopVideo)
                }
                on(.zoom) { state in
                    guard case let .recording(lens, _, fileName, _) = state else { preconditionFailure() }
                    return transition(to: .saving(lens: lens, fileName: fileName), emit: .stopVideo)
                }
                on(.toggleFlash) { state in
                    guard case let .recording(lens, _, fileName, _) = state else { preconditionFailure() }
                    return transition(to: .saving(lens: lens, fileName: fileName), emit: .stopVideo)
                }
                on(.switchLens) { state in
                    guard case let .recording(lens, _, fileName, _) = state else { preconditionFailure() }
                    return transition(to: .saving(lens: lens, fileName: fileName), emit: .stopVideo)
                }
                on(.shutterPressed) { state in
                    guard case let .recording(lens, _, fileName, _) = state else { preconditionFailure() }
                    return transition(to: .saving(lens: lens, fileName: fileName), emit: .stopVideo)
                }
                on(.photoCaptured) { state in
                    guard case let .recording(lens, _, fileName, _) = state else { preconditionFailure() }
                    return transition(to: .saving(lens: lens, fileName: fileName), emit: .stopVideo)
                }
                on(.startRecording) { state in
                    guard case let .recording(lens, _, fileName, _) = state else { preconditionFailure() }
                    return transition(to: .saving(lens: lens, fileName: fileName), emit: .stopVideo)
                }
                on(.tick) { state in
                    guard case let .recording(lens, _, fileName, _) = state else { preconditionFailure() }
                    return transition(to: .saving(lens: lens, fileName: fileName), emit: .stopVideo)
                }
                on(.stopRecording) { state in
                    guard case let .recording(lens, _, fileName, _) = state else { preconditionFailure() }
                    return transition(to: .saving(lens: lens, fileName: fileName), emit: .stopVideo)
                }
                on(.saved) { state in
                    guard case let .recording(lens, _, fileName, _) = state else { preconditionFailure() }
                    return transition(to: .saving(lens: lens, fileName: fileName), emit: .stopVideo)
                }
                on(.cameraError) { state in
                    guard case let .recording(lens, _, fileName, _) = state else { preconditionFailure() }
                    return transition(to: .saving(lens: lens, fileName: fileName), emit: .stopVideo)
                }
                on(.close) { state in
                    guard case let .recording(lens, _, fileName, _) = state else { preconditionFailure() }
                    return transition(to: .saving(lens: lens, fileName: fileName), emit: .stopVideo)
                }
            }
            state(.recording) {
                on(.tick) { state, event in
                    guard case let .recording(lens, zoomPercent, fileName, elapsedMillis) = state else { preconditionFailure() }
                    guard case let .tick(eventElapsedMillis) = event else { preconditionFailure() }
                    return transition(to: .recording(lens: lens, zoomPercent: zoomPercent, fileName: fileName, elapsedMillis: min(context.maxVideoMillis, elapsedMillis + eventElapsedMillis)))
                }
                on(.stopRecording) { state in
                    guard case let .recording(lens, zoomPercent, fileName, elapsedMillis) = state else { preconditionFailure() }
                    if elapsedMillis < MIN_VIDEO_MILLIS {
                        return transition(to: .preview(lens: lens, zoomPercent: zoomPercent, flash: false), emit: .stopVideo)
                    } else {
                        return transition(to: .saving(lens: lens, fileName: fileName), emit: .stopVideo)
                    }
                }
            }
            state(.saving) {
                on(.saved) { state in
                    guard case let .saving(lens, _) = state else { preconditionFailure() }
                    return transition(to: .preview(lens: lens, zoomPercent: 100, flash: false), emit: .vibrate)
                }
            }
            state(.failed) {
                on(.`open`) { _, event in
                    guard case let .`open`(lens) = event else { preconditionFailure() }
                    return transition(to: .opening(lens: lens), emit: .openCamera(lens: lens))
                }
            }
            onTransition { result in
                let transition: (fromState: State, event: Event)
                switch result {
                case .success(let valid): transition = (valid.fromState, valid.event)
                case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid): transition = (invalid.fromState, invalid.event)
                case .failure: return // a handler threw: Kotlin calls no listener
                }
                context.logger.d("camera: \(transition.fromState.kotlinText) + \(transition.event.kotlinText)")
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
                }
            }
        }
    }
}

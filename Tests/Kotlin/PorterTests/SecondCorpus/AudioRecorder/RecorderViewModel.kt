package com.example.recorder

import com.tinder.StateMachine
import java.time.Duration

class RecorderViewModel(
    private val engine: AudioEngine,
    private val view: RecorderView,
    private val permissions: PermissionRequester,
    private val files: FileNamer,
    permissionGranted: Boolean,
    private val maxLength: Duration = Duration.ofMinutes(10),
    private val logger: Logger? = null,
) {
    var headsetConnected = false
        private set

    var lastSaved: String? = null
        private set

    private val stateMachine = StateMachine.create<RecorderState, RecorderEvent, RecorderSideEffect> {
        permissionGranted.let {
            if (it) initialState(RecorderState.Ready) else initialState(RecorderState.NeedsPermission)
        }

        state<RecorderState.NeedsPermission> {
            on<RecorderEvent.Record> {
                dontTransition(RecorderSideEffect.AskPermission)
            }
            on<RecorderEvent.PermissionGranted> {
                transitionTo(RecorderState.Ready)
            }
            on<RecorderEvent.PermissionDenied> {
                dontTransition()
            }
        }

        state<RecorderState.Ready> {
            on<RecorderEvent.Record> {
                val file = files.next()
                transitionTo(
                    RecorderState.Recording(file, Duration.ZERO, headsetConnected),
                    RecorderSideEffect.StartEngine(file, headsetConnected),
                )
            }
            on<RecorderEvent.HeadsetChanged> {
                headsetConnected = it.`inout`
                dontTransition()
            }
        }

        state<RecorderState.Recording> {
            on<RecorderEvent.Progress> {
                if (it.elapsed >= maxLength) {
                    transitionTo(RecorderState.Saved(file, maxLength), RecorderSideEffect.StopEngine(file, autoStopped = true))
                } else {
                    transitionTo(copy(elapsed = it.elapsed))
                }
            }
            on<RecorderEvent.Pause> {
                transitionTo(RecorderState.Paused(file, elapsed, headset), RecorderSideEffect.PauseEngine)
            }
            on<RecorderEvent.Stop> {
                transitionTo(RecorderState.Saved(file, elapsed), RecorderSideEffect.StopEngine(file, autoStopped = false))
            }
            on<RecorderEvent.HeadsetChanged> {
                headsetConnected = it.`inout`
                engine.switchInput(it.`inout`)
                transitionTo(copy(headset = it.`inout`))
            }
            on<RecorderEvent.WriteFailed> {
                transitionTo(RecorderState.Failed(it.cause), RecorderSideEffect.ShowError(it.cause))
            }
        }

        state<RecorderState.Paused> {
            on<RecorderEvent.Resume> {
                transitionTo(RecorderState.Recording(file, elapsed, headset), RecorderSideEffect.ResumeEngine)
            }
            on<RecorderEvent.Stop> {
                transitionTo(RecorderState.Saved(file, elapsed), RecorderSideEffect.StopEngine(file, autoStopped = false))
            }
            on<RecorderEvent.HeadsetChanged> {
                headsetConnected = it.`inout`
                transitionTo(copy(headset = it.`inout`))
            }
        }

        state<RecorderState.Saved> {
            onEnter {
                lastSaved = file
            }
            on<RecorderEvent.Record> {
                val next = files.next()
                transitionTo(
                    RecorderState.Recording(next, Duration.ZERO, headsetConnected),
                    RecorderSideEffect.StartEngine(next, headsetConnected),
                )
            }
        }

        state<RecorderState.Failed> {
            on<RecorderEvent.Record> {
                transitionTo(RecorderState.Ready)
            }
        }

        onTransition { transition ->
            val validTransition = transition as? StateMachine.Transition.Valid ?: return@onTransition
            val message: String? = when (val sideEffect = validTransition.sideEffect) {
                null -> null
                is RecorderSideEffect.StartEngine -> {
                    engine.start(sideEffect.file, sideEffect.useHeadsetMic)
                    null
                }
                RecorderSideEffect.PauseEngine -> {
                    engine.pause()
                    "Paused"
                }
                RecorderSideEffect.ResumeEngine -> {
                    engine.resume()
                    null
                }
                is RecorderSideEffect.StopEngine -> {
                    engine.stop()
                    if (sideEffect.autoStopped) "Stopped at ${maxLength.toMinutes()} minutes" else "Saved ${sideEffect.file}"
                }
                RecorderSideEffect.AskPermission -> {
                    permissions.requestMicrophone()
                    null
                }
                is RecorderSideEffect.ShowError -> "Could not save the recording: ${sideEffect.cause.message}"
            }
            message?.let { view.toast(it) }
            (validTransition.toState as? RecorderState.Recording)?.let { view.showElapsed(it.elapsed.seconds) }
            logger?.debug("${validTransition.event::class.simpleName}: ${validTransition.fromState::class.simpleName} -> ${validTransition.toState::class.simpleName}")
        }
    }

    val state: RecorderState
        get() = stateMachine.state

    fun onEvent(event: RecorderEvent) {
        stateMachine.transition(event)
    }
}

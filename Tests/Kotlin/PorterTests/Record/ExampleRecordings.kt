package com.statemachine.porter.record

import com.statemachine.examples.MatterStateMachine
import com.statemachine.examples.OnboardingFlow
import com.statemachine.examples.TurnstileStateMachine
import com.statemachine.examples.download.DownloadEffect
import com.statemachine.examples.download.DownloadEvent
import com.statemachine.examples.download.DownloadState
import com.statemachine.examples.download.downloadStateMachine
import com.statemachine.spec.fixtures.CodeMachine

// The Kotlin example machines as code-defined machines for the fixture recorder (scripts/port-record).
// Their onEnter / onExit listeners only print, so the recordings list onTransition calls.

object MatterRecording : CodeMachine<MatterStateMachine.State, MatterStateMachine.Event, MatterStateMachine.SideEffect>(
    "MatterStateMachine (Tests/Kotlin/PorterTests/Examples/MatterStateMachine.kt)",
    MatterStateMachine.State::class, MatterStateMachine.Event::class, MatterStateMachine.SideEffect::class,
    false, { MatterStateMachine().stateMachine }
)

object TurnstileRecording : CodeMachine<TurnstileStateMachine.State, TurnstileStateMachine.Event, TurnstileStateMachine.SideEffect>(
    "TurnstileStateMachine (Tests/Kotlin/PorterTests/Examples/TurnstileStateMachine.kt)",
    TurnstileStateMachine.State::class, TurnstileStateMachine.Event::class, TurnstileStateMachine.SideEffect::class,
    false, { TurnstileStateMachine().stateMachine }
)

object OnboardingRecording : CodeMachine<OnboardingFlow.State, OnboardingFlow.Event, OnboardingFlow.SideEffect>(
    "OnboardingFlow (Tests/Kotlin/PorterTests/Examples/OnboardingFlow.kt)",
    OnboardingFlow.State::class, OnboardingFlow.Event::class, OnboardingFlow.SideEffect::class,
    false, { OnboardingFlow().stateMachine }
)

object DownloadRecording : CodeMachine<DownloadState, DownloadEvent, DownloadEffect>(
    "downloadStateMachine() (Tests/Kotlin/PorterTests/Examples/DownloadStateMachine.kt)",
    DownloadState::class, DownloadEvent::class, DownloadEffect::class,
    false, { downloadStateMachine() }
)

// A JVM project whose machine is checked against a fixture under JUnit: the build of Docs/Kotlin.md.
// scripts/test-kotlin-consumer compiles and runs it as Gradle would, from the dependencies below and nothing else.
plugins {
    kotlin("jvm") version "2.0.21"
}

repositories {
    maven(url = uri("../StateMachine/.build-kotlin/maven"))     // scripts/kotlin-publish
    mavenCentral()
}

dependencies {
    implementation("com.statemachine.spec:statemachine:0.1.0")
    testImplementation("com.statemachine.spec:statemachine-fixtures:0.1.0")
    testImplementation("junit:junit:4.13.2")
}

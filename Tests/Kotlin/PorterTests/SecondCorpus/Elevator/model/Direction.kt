package com.example.elevator.model

enum class Direction {
    UP,
    DOWN,
    NONE,
}

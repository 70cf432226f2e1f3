package com.example.orders

import com.example.orders.model.OrderStatus
import com.tinder.StateMachine

// OrderStatus is an enum of a file not given, whose member functions the handlers call on a state's value: each is a
// requirement of Collaborators that takes the value, its result typed by where it goes (a state, a condition).

sealed class Order {
    object Draft : Order()
    data class Held(val status: OrderStatus) : Order()
    object Shipped : Order()
}

sealed class OrderEvent {
    object Hold : OrderEvent()
    object Resume : OrderEvent()
}

class Orders {
    val machine = StateMachine.create<Order, OrderEvent, Nothing> {
        initialState(Order.Draft)
        state<Order.Draft> {
            on<OrderEvent.Hold> { transitionTo(Order.Held(OrderStatus.DRAFT)) }
        }
        state<Order.Held> {
            on<OrderEvent.Resume> {
                if (status.isFinal()) transitionTo(Order.Shipped) else transitionTo(status.toOrder())
            }
        }
    }
}

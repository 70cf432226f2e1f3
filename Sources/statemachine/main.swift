print("statemachine")

print("meals")

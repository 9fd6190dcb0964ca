import MealsCore

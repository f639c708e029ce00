"""Loop the Loop's page package: its card on the home screen, its table, board and end screens."""

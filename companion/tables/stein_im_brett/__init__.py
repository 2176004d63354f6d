"""Stein im Brett at the table: its referee, its view and its demo."""

"""Hinkel & Stein at the table: its referee, its view and its demo."""

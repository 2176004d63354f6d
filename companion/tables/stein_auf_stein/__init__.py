"""Stein auf Stein at the table: its referee, its view, its demo and the block vision."""

"""HiLo: Dein Königreich at the table: referee, view and demo (``companion.tables``)."""

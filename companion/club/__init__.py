"""``companion club``: the organiser's screen and the league, from the club's broker.

``store``: the club's own SQLite (every row each table published, once; the games
folded from them; the tables' last summary and status). ``league``: wins, points and
games played per game and over all, per evening and overall; CSV and JSON export.
``subscriber``: the MQTT client that feeds the store (QoS 1, a persistent session).
``page``: the live club page (Flask, server-sent events). ``cli``: the command.
"""

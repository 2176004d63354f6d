"""The table's side of club night: publishing to an MQTT broker, and nothing else.

``settings``: where the broker is (``--mqtt URL`` or a TOML file), the table's name.
``topics``: topic names and JSON payloads, versioned (``docs/mqtt.md``).
``journal_rows``: reading new journal rows without disturbing the referee.
``publisher``: the thread that publishes each journal row (QoS 1), a retained summary
and the table's online/offline status (last will); it catches up from the journal
after any outage and never subscribes to anything.
"""

"""Broker settings: the URL, the settings file, and clear refusals."""

from __future__ import annotations

import pytest

from companion.cli import main
from companion.mqtt.settings import MqttSettingsError, load_file, parse_url, resolve


def test_a_url_gives_host_port_tls_and_user():
    s = parse_url("mqtts://table-3@club.lan")
    assert (s.host, s.port, s.tls, s.username) == ("club.lan", 8883, True, "table-3")
    assert parse_url("mqtt://10.0.0.5:1884").port == 1884
    assert parse_url("mqtt://club.lan").port == 1883


def test_a_password_in_the_url_is_refused_and_not_echoed():
    with pytest.raises(MqttSettingsError, match="no password in the URL") as e:
        parse_url("mqtt://t3:hunter2@club.lan")
    assert "hunter2" not in str(e.value)


def test_the_file_gives_the_password_and_ca_and_the_url_overrides_the_host(tmp_path):
    ca = tmp_path / "ca.crt"
    ca.write_text("-----BEGIN CERTIFICATE-----\n")
    f = tmp_path / "mqtt.toml"
    f.write_text(
        '[mqtt]\nhost = "club.lan"\ntls = true\n'
        f'ca_file = "{ca}"\nusername = "t3"\npassword = "pw-xyz"\ntable = "table-3"\n'
    )
    s = load_file(f)
    assert (s.port, s.password, s.table) == (8883, "pw-xyz", "table-3")
    assert "pw-xyz" not in repr(s) and "pw-xyz" not in s.describe()
    over = resolve("mqtts://t3@other.lan", None, default_file=f, table="table-9")
    assert (over.host, over.password, over.ca_file, over.table) == (
        "other.lan", "pw-xyz", str(ca), "table-9")  # fmt: skip
    assert resolve(None, None, default_file=tmp_path / "none.toml") is None


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('[mqtt]\nhost = "x"\nprot = 1883\n', "unknown mqtt setting.*prot.*allowed: .*port"),
        ('[mqtt]\nhost = "x"\nport = 70000\n', "port: a whole number from 1 to 65535"),
        ('[mqtt]\nhost = "x"\ntable = "a/b"\n', "table: 1 to 64 letters"),
        ('[mqtt]\nhost = "x"\npassword = "p"\n', "password is given without a username"),
        ('[mqtt]\nhost = "x"\nca_file = "/nonexistent/ca.crt"\ntls = true\n', "is not a file"),
        ('[other]\nhost = "x"\n', "needs an \\[mqtt\\] table"),
        ("[mqtt\n", "not valid TOML"),
    ],
)
def test_a_wrong_setting_is_named_with_what_is_allowed(tmp_path, text, why):
    f = tmp_path / "mqtt.toml"
    f.write_text(text)
    with pytest.raises(MqttSettingsError, match=why):
        load_file(f)


def test_companion_run_refuses_a_bad_broker_url_before_it_starts(tmp_path, capsys):
    code = main(["run", "--no-sensors", "--state-dir", str(tmp_path), "--mqtt", "http://x"])
    assert code == 2
    assert "starts with mqtt:// or mqtts://" in capsys.readouterr().err

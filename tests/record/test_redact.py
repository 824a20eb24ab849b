"""Secret scrubbing: fields named like secrets, values of secret environment variables, key-shaped strings."""

from verusagent.llm.settings import ModelSettings, strip_credentials
from verusagent.record.redact import REDACTED, is_secret_field, register_secret, scrub, scrub_text, secret_values


def test_secret_field_names():
    for name in [
        "api_key",
        "OPENAI_API_KEY",
        "apiKey",
        "Authorization",
        "headers",
        "extra_headers",
        "x-api-key",
        "client_secret",
        "access_token",
        "password",
    ]:
        assert is_secret_field(name), name
    for name in ["max_tokens", "prompt_tokens", "completion_tokens", "key", "keyword", "model", "tokens"]:
        assert not is_secret_field(name), name


def test_values_of_secret_environment_variables_are_found():
    env = {
        "OPENAI_API_KEY": "sk-abc-12345678",
        "MY_TOKEN": "tok-123456789",
        "HOME": "/root",
        "SHORT_KEY": "abc",
        "SSH_AUTH_SOCK": "/tmp/ssh-agent.sock",
        "AUTHOR": "Ada Lovelace",
        "AWS_SECRET_ACCESS_KEY": "aws-secret-1",
    }
    from_env = [v for v in secret_values(env) if v in env.values()]  # registered secrets come too
    assert from_env == ["sk-abc-12345678", "tok-123456789", "aws-secret-1"]  # longest first


def test_registered_secrets_are_scrubbed_whatever_their_variable():
    register_secret("odd-variable-value-42")
    assert "odd-variable-value-42" in secret_values({})
    assert scrub_text("x odd-variable-value-42 y") == f"x {REDACTED} y"


def test_scrub_replaces_fields_and_substrings_recursively():
    data = {
        "params": {"api_key": "whatever", "temperature": 0},
        "messages": [{"content": "k=hunter2-secret!"}],
        "note": ("Bearer abcdefghijklmnop",),
    }
    cleaned = scrub(data, ["hunter2-secret"])
    assert cleaned == {
        "params": {"api_key": REDACTED, "temperature": 0},
        "messages": [{"content": f"k={REDACTED}!"}],
        "note": [REDACTED],
    }


def test_key_shaped_strings_are_scrubbed_without_knowing_them():
    assert (
        scrub_text("error for key sk-proj-AbCdEfGhIjKlMnOpQrSt in request", [])
        == f"error for key {REDACTED} in request"
    )
    assert scrub_text("fn main() { let sk = 1; }", []) == "fn main() { let sk = 1; }"


def test_settings_shown_in_records_carry_no_url_credentials():
    assert strip_credentials("https://user:pw@host.example:8443/v1") == "https://host.example:8443/v1"
    assert strip_credentials("http://127.0.0.1:8000/v1") == "http://127.0.0.1:8000/v1"
    view = ModelSettings(model="openai/x", api_base="https://u:p@h/v1", api_key_env="MY_KEY").public_view()
    assert view["api_base"] == "https://h/v1" and view["api_key_env"] == "MY_KEY"


def test_url_credentials_anywhere_in_a_text_are_scrubbed():
    """A provider's error message may quote the endpoint it was given, credentials and all: the record's net
    catches them by shape, not only where settings are recorded."""
    message = "Connection error: https://alice:s3cr3t-pw@proxy.example:8443/v1/chat?api_key=abc123xyz&model=m failed"
    scrubbed = scrub_text(message, [])
    assert "alice" not in scrubbed and "s3cr3t-pw" not in scrubbed and "abc123xyz" not in scrubbed
    assert scrubbed == (
        f"Connection error: https://{REDACTED}@proxy.example:8443/v1/chat?api_key={REDACTED}&model=m failed"
    )
    assert scrub_text("see https://ghp_abcdefghijklmnop@github.com/o/r.git", []) == (
        f"see https://{REDACTED}@github.com/o/r.git"
    )


def test_urls_without_credentials_and_verus_text_are_left_as_they_are():
    for text in [
        "http://127.0.0.1:8000/v1?model=m&n=2",
        "mail me at someone@example.com",
        "assert(x@ == y@); // views, not URLs",
        "https://docs.example/page?tokens=5&page=2",
    ]:
        assert scrub_text(text, []) == text

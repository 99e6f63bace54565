//! The `requestState` a 2026-07-28 client carries between rounds: sealed with
//! HMAC-SHA256 (rmcp's [`RequestStateCodec`]) under a key made once and kept owner-only
//! in the state folder, so a restarted server still opens its own states.
//!
//! What is sealed is readable (the seal is integrity, not secrecy) and holds no answer
//! and no question: the client's identity, a SHA-256 of the call's arguments, the round,
//! a random nonce, how the person was asked (form or link) and an expiry. The form
//! itself comes back with the retry (the client repeats the call's arguments), so the
//! state stays the same size whatever the form.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rmcp::model::{RequestStateCodec, RequestStateError, SealOptions};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::Error;

/// How long a sealed state stays good: the person has this long to answer one round.
pub(crate) const STATE_TTL: Duration = Duration::from_secs(60 * 60);

/// The key file under the state folder (32 random bytes, mode 0600).
pub(crate) const KEY_FILE: &str = "request-state.key";

/// The folder, under the state folder, of the nonces already answered (one empty file
/// each), so a state is redeemed once, across restarts too.
const USED_DIR: &str = "request-state-used";

/// How the person was asked in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Asked {
    /// The client's own form (form-mode elicitation).
    Form,
    /// The browser form's link (URL-mode elicitation); its answers reach our web server.
    Url,
}

/// What a sealed state says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Round {
    /// The client's `clientInfo` (`name@version`).
    pub client: String,
    /// SHA-256 of the call's arguments (keys sorted), in hex.
    pub args: String,
    /// 1 for the first form, one more each time it is asked again.
    #[serde(rename = "round")]
    pub number: u32,
    /// Random; the state is redeemed at most once.
    pub nonce: String,
    /// How the person was asked.
    pub asked: Asked,
    /// The browser form's id in this process (URL mode).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub web: Option<String>,
}

/// Why a state yields no answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Refused {
    /// Not sealed by this server's key, or changed since.
    Tampered,
    /// Sealed by this server, but past [`STATE_TTL`].
    Expired,
    /// Sealed for another client.
    Foreign { sealed_for: String },
    /// Sealed for other arguments.
    OtherArguments,
    /// Already answered once.
    Replayed,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Tampered => f.write_str(
                "requestState was not sealed by this server or was changed (its seal does not match)",
            ),
            Self::Expired => write!(
                f,
                "requestState has expired (a round is good for {} minutes)",
                STATE_TTL.as_secs() / 60
            ),
            Self::Foreign { sealed_for } => write!(
                f,
                "requestState belongs to another client ({sealed_for:?}), not the one retrying"
            ),
            Self::OtherArguments => {
                f.write_str("requestState was made for other ask_user arguments than the retry's")
            }
            Self::Replayed => f.write_str(
                "requestState was already answered once (a state is redeemed only once)",
            ),
        }
    }
}

/// Seals and opens states, and remembers which were redeemed.
pub(crate) struct Sealer {
    codec: RequestStateCodec,
    used_dir: PathBuf,
    used: Mutex<HashSet<String>>,
    pruned: Mutex<Option<std::time::Instant>>,
}

impl std::fmt::Debug for Sealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sealer").finish_non_exhaustive()
    }
}

impl Sealer {
    /// The sealer of `state_dir`: its key is read, or made once (owner-only, written
    /// atomically) when there is none.
    pub(crate) fn open(state_dir: &Path) -> Result<Self, Error> {
        let key = load_or_make_key(state_dir)?;
        let codec = RequestStateCodec::try_new(key).map_err(|err| Error::Serve {
            what: "request-state key",
            message: err.to_string(),
        })?;
        Ok(Self {
            codec,
            used_dir: state_dir.join(USED_DIR),
            used: Mutex::new(HashSet::new()),
            pruned: Mutex::new(None),
        })
    }

    /// `round` sealed for [`STATE_TTL`].
    pub(crate) fn seal(&self, round: &Round) -> String {
        let payload = serde_json::to_vec(round).unwrap_or_default();
        self.codec
            .seal_with(&payload, &SealOptions::new().ttl(STATE_TTL))
    }

    /// The round in `state`, if it is ours, current, for this client and these
    /// arguments, and not yet redeemed.
    pub(crate) fn open_state(
        &self,
        state: &str,
        client: &str,
        args: &str,
    ) -> Result<Round, Refused> {
        let payload = self.codec.open_with(state, &[]).map_err(|err| match err {
            RequestStateError::Expired => Refused::Expired,
            _ => Refused::Tampered,
        })?;
        let round: Round = serde_json::from_slice(&payload).map_err(|_| Refused::Tampered)?;
        if round.client != client {
            return Err(Refused::Foreign {
                sealed_for: round.client,
            });
        }
        if round.args != args {
            return Err(Refused::OtherArguments);
        }
        if self.was_used(&round.nonce) {
            return Err(Refused::Replayed);
        }
        Ok(round)
    }

    /// Marks a round's nonce redeemed (in memory and as a file, so a restart keeps it).
    pub(crate) fn redeem(&self, nonce: &str) {
        if let Ok(mut used) = self.used.lock() {
            used.insert(nonce.to_owned());
        }
        if std::fs::create_dir_all(&self.used_dir).is_ok() {
            let _ = std::fs::write(self.used_dir.join(nonce), b"");
            self.prune();
        }
    }

    fn was_used(&self, nonce: &str) -> bool {
        let known = self.used.lock().is_ok_and(|used| used.contains(nonce));
        known || (is_hex(nonce) && self.used_dir.join(nonce).exists())
    }

    /// Forgets redeemed nonces older than the states they belonged to could be (at
    /// most once a minute: it reads the whole folder).
    fn prune(&self) {
        if let Ok(mut last) = self.pruned.lock() {
            if last.is_some_and(|t| t.elapsed() < Duration::from_secs(60)) {
                return;
            }
            *last = Some(std::time::Instant::now());
        }
        let Ok(entries) = std::fs::read_dir(&self.used_dir) else {
            return;
        };
        let now = SystemTime::now();
        for entry in entries.flatten() {
            let old = entry
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| now.duration_since(t).is_ok_and(|age| age > STATE_TTL * 2));
            if old {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// A fresh nonce: 16 random bytes in hex.
pub(crate) fn nonce() -> String {
    let mut bytes = [0u8; 16];
    let _ = getrandom::fill(&mut bytes);
    if bytes == [0; 16] {
        // No randomness (never seen): the clock still makes nonces distinct enough to
        // keep replays apart, and the seal still protects them.
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        bytes = now.to_le_bytes();
    }
    hex(&bytes)
}

/// SHA-256 of `arguments` with every object's keys sorted, in hex: the same call
/// gives the same hash however the client orders its keys.
pub(crate) fn arguments_hash(arguments: &serde_json::Value) -> String {
    let mut hasher = Sha256::new();
    feed(&mut hasher, arguments);
    hex(&hasher.finalize())
}

fn feed(hasher: &mut Sha256, value: &serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            hasher.update(b"{");
            for key in keys {
                hasher.update(serde_json::to_string(key).unwrap_or_default().as_bytes());
                hasher.update(b":");
                feed(hasher, &map[key]);
                hasher.update(b",");
            }
            hasher.update(b"}");
        }
        Value::Array(items) => {
            hasher.update(b"[");
            for item in items {
                feed(hasher, item);
                hasher.update(b",");
            }
            hasher.update(b"]");
        }
        other => hasher.update(other.to_string().as_bytes()),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut out, b| {
            use std::fmt::Write as _;
            let _ = write!(out, "{b:02x}");
            out
        })
}

fn is_hex(text: &str) -> bool {
    !text.is_empty() && text.len() <= 64 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Reads the key of `state_dir`, or makes it: 32 random bytes written to a private
/// temporary file in the folder (mode 0600) and renamed into place without replacing a
/// key another server made meanwhile (that one is read instead).
fn load_or_make_key(state_dir: &Path) -> Result<Vec<u8>, Error> {
    let path = state_dir.join(KEY_FILE);
    let io = |what: &'static str, path: &Path| {
        let path = path.to_path_buf();
        move |source| Error::Io { what, path, source }
    };
    if let Ok(key) = std::fs::read(&path)
        && key.len() >= RequestStateCodec::MIN_KEY_LENGTH
    {
        return Ok(key);
    }
    crate::present::make_private_dir(state_dir)?;
    let mut key = vec![0u8; 32];
    getrandom::fill(&mut key).map_err(|err| Error::Serve {
        what: "request-state key",
        message: err.to_string(),
    })?;
    let mut file = tempfile::Builder::new()
        .prefix(".request-state-key-")
        .tempfile_in(state_dir)
        .map_err(io("request-state key", state_dir))?;
    std::io::Write::write_all(&mut file, &key).map_err(io("request-state key", &path))?;
    file.as_file()
        .sync_all()
        .map_err(io("request-state key", &path))?;
    // A short or empty key file (a crash before this code existed) is replaced.
    let replace = path.exists();
    let persisted = if replace {
        file.persist(&path).map(|_| ())
    } else {
        file.persist_noclobber(&path).map(|_| ())
    };
    match persisted {
        Ok(()) => Ok(key),
        Err(err) if err.error.kind() == std::io::ErrorKind::AlreadyExists => {
            std::fs::read(&path).map_err(io("request-state key", &path))
        }
        Err(err) => Err(Error::Io {
            what: "request-state key",
            path,
            source: err.error,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::{Asked, KEY_FILE, Refused, Round, Sealer, arguments_hash, nonce};
    use serde_json::json;

    fn round(client: &str, args: &str) -> Round {
        Round {
            client: client.into(),
            args: args.into(),
            number: 1,
            nonce: nonce(),
            asked: Asked::Form,
            web: None,
        }
    }

    #[test]
    fn a_sealed_round_opens_for_its_client_and_arguments_only() {
        let dir = tempfile::tempdir().unwrap();
        let sealer = Sealer::open(dir.path()).unwrap();
        let args = arguments_hash(&json!({"questions": [1]}));
        let state = sealer.seal(&round("claude@2", &args));
        assert_eq!(
            sealer.open_state(&state, "claude@2", &args).unwrap().number,
            1
        );
        assert!(matches!(
            sealer.open_state(&state, "other@1", &args),
            Err(Refused::Foreign { .. })
        ));
        assert_eq!(
            sealer.open_state(&state, "claude@2", "00"),
            Err(Refused::OtherArguments)
        );
    }

    #[test]
    fn a_changed_state_or_another_servers_state_is_tampered() {
        let dir = tempfile::tempdir().unwrap();
        let sealer = Sealer::open(dir.path()).unwrap();
        let state = sealer.seal(&round("c@1", "a"));
        let mut bytes = state.clone().into_bytes();
        let mid = bytes.len() / 2;
        bytes[mid] = if bytes[mid] == b'A' { b'B' } else { b'A' };
        let changed = String::from_utf8(bytes).unwrap();
        assert_eq!(
            sealer.open_state(&changed, "c@1", "a"),
            Err(Refused::Tampered)
        );
        let other = tempfile::tempdir().unwrap();
        let foreign = Sealer::open(other.path()).unwrap().seal(&round("c@1", "a"));
        assert_eq!(
            sealer.open_state(&foreign, "c@1", "a"),
            Err(Refused::Tampered)
        );
    }

    #[test]
    fn the_key_is_made_once_owner_only_and_read_after_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let state = Sealer::open(dir.path()).unwrap().seal(&round("c@1", "a"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(KEY_FILE))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let again = Sealer::open(dir.path()).unwrap();
        assert!(again.open_state(&state, "c@1", "a").is_ok());
    }

    #[test]
    fn a_redeemed_state_is_refused_after_a_restart_too() {
        let dir = tempfile::tempdir().unwrap();
        let sealer = Sealer::open(dir.path()).unwrap();
        let redeemed = round("c@1", "a");
        let state = sealer.seal(&redeemed);
        sealer.redeem(&redeemed.nonce);
        assert_eq!(
            sealer.open_state(&state, "c@1", "a"),
            Err(Refused::Replayed)
        );
        let restarted = Sealer::open(dir.path()).unwrap();
        assert_eq!(
            restarted.open_state(&state, "c@1", "a"),
            Err(Refused::Replayed)
        );
    }

    #[test]
    fn the_arguments_hash_ignores_key_order() {
        let a = json!({"title": "t", "questions": [{"id": "a", "prompt": "p"}]});
        let b: serde_json::Value =
            serde_json::from_str(r#"{"questions":[{"prompt":"p","id":"a"}],"title":"t"}"#).unwrap();
        assert_eq!(arguments_hash(&a), arguments_hash(&b));
        assert_ne!(arguments_hash(&a), arguments_hash(&json!({"title": "u"})));
    }
}

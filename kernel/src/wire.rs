//! Jupyter's wire format: a message is the multipart ZeroMQ message
//! `[identities..., "<IDS|MSG>", signature, header, parent_header, metadata, content,
//! buffers...]`, the signature being the hex HMAC-SHA256 of the four JSON frames under
//! the connection file's key.
//!
//! [`Wire::decode`] checks everything before a message reaches a handler: the delimiter,
//! the frame count, the signature (in constant time), that the signature was not seen
//! before (a replayed message is refused, as ipykernel does), and that the frames are
//! JSON with a well-formed header. A message failing any check is refused with a
//! [`WireError`] saying why, for the log; nothing in it is acted on.

use bytes::Bytes;
use hmac::{Hmac, Mac};
use jupyter_protocol::Header;
use serde_json::Value;
use sha2::Sha256;
use std::collections::{HashSet, VecDeque};
use std::fmt;
use std::sync::Mutex;
use zeromq::ZmqMessage;

/// The frame separating routing identities from the message.
pub const DELIMITER: &[u8] = b"<IDS|MSG>";

/// How many signatures are remembered to refuse replays (ipykernel keeps 2^16).
const REMEMBERED_SIGNATURES: usize = 1 << 16;

/// A message that passed every check.
#[derive(Clone, Debug)]
pub struct Incoming {
    /// Routing identities (ROUTER sockets): where the reply goes.
    pub identities: Vec<Bytes>,
    pub header: Header,
    /// The header exactly as it came, echoed as the `parent_header` of what answers it.
    pub raw_header: Value,
    pub metadata: Value,
    pub content: Value,
    pub buffers: Vec<Bytes>,
}

impl Incoming {
    pub fn msg_type(&self) -> &str {
        &self.header.msg_type
    }
}

/// Why a message was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum WireError {
    NoDelimiter,
    Truncated { frames: usize },
    BadSignature,
    ReplayedSignature,
    InvalidJson { frame: &'static str, error: String },
    BadHeader(String),
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::NoDelimiter => write!(f, "no <IDS|MSG> delimiter frame"),
            WireError::Truncated { frames } => write!(
                f,
                "truncated: {frames} frame(s) after the delimiter, a message needs 5 \
                 (signature, header, parent_header, metadata, content)"
            ),
            WireError::BadSignature => write!(f, "bad signature (HMAC-SHA256 check failed)"),
            WireError::ReplayedSignature => {
                write!(f, "replayed message (its signature was seen before)")
            }
            WireError::InvalidJson { frame, error } => {
                write!(f, "invalid JSON in the {frame} frame: {error}")
            }
            WireError::BadHeader(error) => write!(f, "bad header: {error}"),
        }
    }
}

/// Signs, checks and (de)serialises messages for one connection.
pub struct Wire {
    key: Option<Hmac<Sha256>>,
    seen: Mutex<Seen>,
}

#[derive(Default)]
struct Seen {
    set: HashSet<Vec<u8>>,
    order: VecDeque<Vec<u8>>,
}

impl Wire {
    /// An empty key turns signing off, as in jupyter_client.
    pub fn new(key: &str) -> Self {
        let key = (!key.is_empty()).then(|| {
            Hmac::<Sha256>::new_from_slice(key.as_bytes()).expect("HMAC accepts any key length")
        });
        Wire {
            key,
            seen: Mutex::default(),
        }
    }

    fn mac(&self, parts: &[&[u8]]) -> Option<Hmac<Sha256>> {
        let mut mac = self.key.clone()?;
        for part in parts {
            mac.update(part);
        }
        Some(mac)
    }

    /// The hex signature of the four JSON frames ("" when signing is off).
    pub fn sign(&self, parts: &[&[u8]]) -> String {
        match self.mac(parts) {
            Some(mac) => hex(&mac.finalize().into_bytes()),
            None => String::new(),
        }
    }

    fn verify(&self, signature: &[u8], parts: &[&[u8]]) -> Result<(), WireError> {
        let Some(mac) = self.mac(parts) else {
            return Ok(());
        };
        let digest = unhex(signature).ok_or(WireError::BadSignature)?;
        mac.verify_slice(&digest)
            .map_err(|_| WireError::BadSignature)?;
        let mut seen = self.seen.lock().expect("no panics while holding the lock");
        if !seen.set.insert(digest.clone()) {
            return Err(WireError::ReplayedSignature);
        }
        seen.order.push_back(digest);
        if seen.order.len() > REMEMBERED_SIGNATURES {
            let oldest = seen.order.pop_front().expect("not empty");
            seen.set.remove(&oldest);
        }
        Ok(())
    }

    /// Checks and parses a received multipart message.
    pub fn decode(&self, message: ZmqMessage) -> Result<Incoming, WireError> {
        let frames = message.into_vec();
        let at = frames
            .iter()
            .position(|f| f.as_ref() == DELIMITER)
            .ok_or(WireError::NoDelimiter)?;
        let after = frames.len() - at - 1;
        if after < 5 {
            return Err(WireError::Truncated { frames: after });
        }
        let signature = &frames[at + 1];
        let parts = &frames[at + 2..at + 6];
        let part_refs: Vec<&[u8]> = parts.iter().map(|p| p.as_ref()).collect();
        self.verify(signature, &part_refs)?;
        let json = |frame: &'static str, bytes: &Bytes| -> Result<Value, WireError> {
            serde_json::from_slice(bytes).map_err(|err| WireError::InvalidJson {
                frame,
                error: err.to_string(),
            })
        };
        let raw_header = json("header", &parts[0])?;
        let header: Header = serde_json::from_value(raw_header.clone())
            .map_err(|err| WireError::BadHeader(err.to_string()))?;
        // Nothing reads a request's own parent, but it must be JSON like the rest.
        json("parent_header", &parts[1])?;
        Ok(Incoming {
            identities: frames[..at].to_vec(),
            header,
            raw_header,
            metadata: json("metadata", &parts[2])?,
            content: json("content", &parts[3])?,
            buffers: frames[at + 6..].to_vec(),
        })
    }

    /// Builds the multipart message for `identities` (or a PUB topic) and four JSON values.
    pub fn encode(
        &self,
        identities: &[Bytes],
        header: &Value,
        parent: &Value,
        metadata: &Value,
        content: &Value,
    ) -> ZmqMessage {
        let parts: Vec<Vec<u8>> = [header, parent, metadata, content]
            .iter()
            .map(|v| serde_json::to_vec(v).expect("JSON values serialise"))
            .collect();
        let refs: Vec<&[u8]> = parts.iter().map(|p| p.as_slice()).collect();
        let signature = self.sign(&refs);
        let mut frames: Vec<Bytes> = identities.to_vec();
        frames.push(Bytes::from_static(DELIMITER));
        frames.push(Bytes::from(signature));
        frames.extend(parts.into_iter().map(Bytes::from));
        ZmqMessage::try_from(frames).expect("a message has frames")
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &[u8]) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    text.chunks(2)
        .map(|pair| {
            let digit = |c: u8| (c as char).to_digit(16);
            Some((digit(pair[0])? * 16 + digit(pair[1])?) as u8)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn header(msg_type: &str) -> Value {
        json!({"msg_id": "m1", "username": "u", "session": "s", "date": "2026-01-01T00:00:00Z",
               "msg_type": msg_type, "version": "5.3"})
    }

    fn frames(message: ZmqMessage) -> Vec<Bytes> {
        message.into_vec()
    }

    fn message(frames: Vec<Bytes>) -> ZmqMessage {
        ZmqMessage::try_from(frames).unwrap()
    }

    #[test]
    fn encoded_messages_decode_with_identities_and_content() {
        let wire = Wire::new("secret");
        let encoded = wire.encode(
            &[Bytes::from_static(b"peer")],
            &header("execute_request"),
            &json!({}),
            &json!({}),
            &json!({"code": "1"}),
        );
        let incoming = wire.decode(encoded).unwrap();
        assert_eq!(incoming.identities, vec![Bytes::from_static(b"peer")]);
        assert_eq!(incoming.msg_type(), "execute_request");
        assert_eq!(incoming.content, json!({"code": "1"}));
        assert_eq!(incoming.raw_header, header("execute_request"));
    }

    #[test]
    fn the_signature_is_jupyters_hex_hmac_sha256() {
        // Reference value from Python: hmac.new(b"key", b"abcd", hashlib.sha256).hexdigest()
        let wire = Wire::new("key");
        assert_eq!(
            wire.sign(&[b"a", b"b", b"c", b"d"]),
            "2a31ec0ee8d878c9eece9fb0df79b3b90b2256240163aa5ee50d176d3d1121f8"
        );
        assert_eq!(Wire::new("").sign(&[b"x"]), "");
    }

    #[test]
    fn tampering_wrong_keys_and_replays_are_refused() {
        let wire = Wire::new("secret");
        let good = || {
            wire.encode(
                &[],
                &header("kernel_info_request"),
                &json!({}),
                &json!({}),
                &json!({}),
            )
        };
        let mut tampered = frames(good());
        tampered[5] = Bytes::from_static(b"{\"x\": 1}");
        assert_eq!(
            wire.decode(message(tampered)).unwrap_err(),
            WireError::BadSignature
        );

        let other = Wire::new("other key").encode(
            &[],
            &header("kernel_info_request"),
            &json!({}),
            &json!({}),
            &json!({}),
        );
        assert_eq!(wire.decode(other).unwrap_err(), WireError::BadSignature);

        let mut not_hex = frames(good());
        not_hex[1] = Bytes::from_static(b"zz");
        assert_eq!(
            wire.decode(message(not_hex)).unwrap_err(),
            WireError::BadSignature
        );

        let once = good();
        wire.decode(once.clone()).unwrap();
        assert_eq!(wire.decode(once).unwrap_err(), WireError::ReplayedSignature);
    }

    #[test]
    fn malformed_frames_are_refused() {
        let wire = Wire::new("");
        let full = frames(wire.encode(&[], &header("x"), &json!({}), &json!({}), &json!({})));
        assert_eq!(
            wire.decode(message(full[1..].to_vec())).unwrap_err(),
            WireError::NoDelimiter
        );
        assert_eq!(
            wire.decode(message(full[..4].to_vec())).unwrap_err(),
            WireError::Truncated { frames: 3 }
        );
        let mut bad_json = full.clone();
        bad_json[5] = Bytes::from_static(b"{not json");
        assert!(matches!(
            wire.decode(message(bad_json)).unwrap_err(),
            WireError::InvalidJson {
                frame: "content",
                ..
            }
        ));
        let mut bad_header = full;
        bad_header[2] = Bytes::from_static(b"{\"msg_id\": 1}");
        assert!(matches!(
            wire.decode(message(bad_header)).unwrap_err(),
            WireError::BadHeader(_)
        ));
    }
}

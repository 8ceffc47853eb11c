//! The messages the kernel sends: a fresh header in this kernel's session, the request's
//! header echoed as `parent_header`, signed by [`Wire`].

use crate::wire::{Incoming, Wire};
use bytes::Bytes;
use chrono::{SecondsFormat, Utc};
use serde_json::{Value, json};
use std::sync::Arc;
use zeromq::ZmqMessage;

/// The protocol version the kernel speaks (kernel_info and every header).
pub const PROTOCOL_VERSION: &str = "5.3";

pub struct Envelope {
    wire: Arc<Wire>,
    /// This kernel process's session id (one per process, as ipykernel's).
    session: String,
}

impl Envelope {
    pub fn new(wire: Arc<Wire>) -> Self {
        Envelope {
            wire,
            session: uuid::Uuid::new_v4().to_string(),
        }
    }

    pub fn header(&self, msg_type: &str) -> Value {
        json!({
            "msg_id": uuid::Uuid::new_v4().to_string(),
            "username": "kernel",
            "session": self.session,
            "date": Utc::now().to_rfc3339_opts(SecondsFormat::Micros, true),
            "msg_type": msg_type,
            "version": PROTOCOL_VERSION,
        })
    }

    /// A reply to `request` on the socket it came from (routed by its identities).
    pub fn reply(&self, request: &Incoming, msg_type: &str, content: &Value) -> ZmqMessage {
        self.to(&request.identities, &request.raw_header, msg_type, content)
    }

    /// A message to the peer with `identities`, child of `parent` (a raw header).
    pub fn to(
        &self,
        identities: &[Bytes],
        parent: &Value,
        msg_type: &str,
        content: &Value,
    ) -> ZmqMessage {
        let header = self.header(msg_type);
        self.wire
            .encode(identities, &header, parent, &json!({}), content)
    }

    /// An IOPub message; its topic is `kernel.<session>.<msg_type>` as ipykernel's.
    pub fn publication(&self, parent: &Value, msg_type: &str, content: &Value) -> ZmqMessage {
        let topic = Bytes::from(format!("kernel.{}.{msg_type}", self.session));
        self.to(&[topic], parent, msg_type, content)
    }
}

/// What goes out on IOPub, child of the request it belongs to (`parent`, a raw header;
/// `{}` for none). Encoded by the IOPub task so that consecutive stream writes merge.
#[derive(Debug)]
pub struct Publication {
    pub parent: Value,
    pub msg_type: &'static str,
    pub content: Value,
}

impl Publication {
    pub fn new(parent: &Value, msg_type: &'static str, content: Value) -> Self {
        Publication {
            parent: parent.clone(),
            msg_type,
            content,
        }
    }

    pub fn status(parent: &Value, state: &str) -> Self {
        Self::new(parent, "status", json!({ "execution_state": state }))
    }

    /// Appends `next` to this one when both are writes to the same stream for the same
    /// request; gives `next` back otherwise.
    pub fn merge(&mut self, next: Publication) -> Option<Publication> {
        if self.msg_type != "stream"
            || next.msg_type != "stream"
            || self.parent != next.parent
            || self.content["name"] != next.content["name"]
        {
            return Some(next);
        }
        let more = next.content["text"].as_str().unwrap_or_default();
        if let Some(Value::String(text)) = self.content.get_mut("text") {
            text.push_str(more);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stream_writes_of_one_request_merge_in_order() {
        let parent = json!({"msg_id": "a"});
        let stream = |name: &str, text: &str| {
            Publication::new(&parent, "stream", json!({"name": name, "text": text}))
        };
        let mut first = stream("stdout", "a");
        assert!(first.merge(stream("stdout", "b\n")).is_none());
        assert_eq!(first.content["text"], "ab\n");
        assert!(first.merge(stream("stderr", "c")).is_some());
        assert!(first.merge(Publication::status(&parent, "idle")).is_some());
        let other = Publication::new(
            &json!({"msg_id": "b"}),
            "stream",
            json!({"name": "stdout", "text": "x"}),
        );
        assert!(first.merge(other).is_some());
    }

    #[test]
    fn replies_echo_the_request_header_and_route_to_its_peer() {
        let wire = Arc::new(Wire::new("k"));
        let envelope = Envelope::new(wire.clone());
        let request_header = envelope.header("kernel_info_request");
        let request = wire
            .decode(wire.encode(
                &[Bytes::from_static(b"peer")],
                &request_header,
                &json!({}),
                &json!({}),
                &json!({}),
            ))
            .unwrap();
        let reply = wire
            .decode(envelope.reply(&request, "kernel_info_reply", &json!({"status": "ok"})))
            .unwrap();
        assert_eq!(reply.identities, vec![Bytes::from_static(b"peer")]);
        assert_eq!(reply.header.msg_type, "kernel_info_reply");
        assert_eq!(reply.header.version, PROTOCOL_VERSION);
        assert_ne!(reply.header.msg_id, request.header.msg_id);
    }
}

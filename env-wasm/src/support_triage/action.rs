//! The seed-compatible action and its labels. Every label is a closed enum:
//! a value outside it (`"priority": "super-urgent"`) is refused before the
//! step counts, with a message naming the allowed values, because a typo in
//! a label is a schema violation, not a triage decision. Case and
//! surrounding spaces are forgiven (`" High "` reads as `high`), as the
//! seed's lower-casing did.

use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};

/// Longest accepted `reply_body`, in characters; longer is refused.
pub const MAX_REPLY_CHARS: usize = 4000;

/// Longest accepted `message` of `ask_customer`, in characters.
pub const MAX_MESSAGE_CHARS: usize = 1000;

/// Longest accepted `query` of `search_kb`, in characters.
pub const MAX_QUERY_CHARS: usize = 200;

/// Longest `ticket_id` echoed back in feedback.
pub const MAX_ECHOED_ID_CHARS: usize = 24;

/// A closed set of lower-case names, read leniently and refused clearly.
pub trait Label: Sized + Copy + 'static {
    /// What the label is called in messages (`priority`).
    const WHAT: &'static str;
    /// Every label of the set, in the order messages list them.
    const ALL: &'static [Self];
    /// The label's lower-case name on the wire (`urgent`).
    fn name(self) -> &'static str;

    /// The label named by `text`, ignoring case and surrounding space; `None` for any other text.
    fn parse(text: &str) -> Option<Self> {
        let folded = text.trim().to_ascii_lowercase();
        Self::ALL.iter().copied().find(|l| l.name() == folded)
    }

    /// `low, medium, high, urgent`
    fn allowed() -> String {
        Self::ALL
            .iter()
            .map(|l| l.name())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn read_label<'de, D: Deserializer<'de>, L: Label>(deserializer: D) -> Result<L, D::Error> {
    struct Visitor<L>(std::marker::PhantomData<L>);
    impl<L: Label> de::Visitor<'_> for Visitor<L> {
        type Value = L;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a {} (one of: {})", L::WHAT, L::allowed())
        }
        fn visit_str<E: de::Error>(self, text: &str) -> Result<L, E> {
            L::parse(text).ok_or_else(|| unknown_label::<L, E>(text))
        }
    }
    deserializer.deserialize_str(Visitor(std::marker::PhantomData))
}

fn unknown_label<L: Label, E: de::Error>(text: &str) -> E {
    E::custom(format!(
        "unknown {} `{}`; allowed: {}",
        L::WHAT,
        text.chars().take(40).collect::<String>(),
        L::allowed()
    ))
}

/// An optional label where an empty (or blank) string means "not given":
/// the seed's typed client sends `""` for every label it leaves unset.
fn read_optional_label<'de, D: Deserializer<'de>, L: Label>(
    deserializer: D,
) -> Result<Option<L>, D::Error> {
    struct Visitor<L>(std::marker::PhantomData<L>);
    impl<'de, L: Label> de::Visitor<'de> for Visitor<L> {
        type Value = Option<L>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a {} (one of: {}), \"\" or null", L::WHAT, L::allowed())
        }
        fn visit_none<E: de::Error>(self) -> Result<Option<L>, E> {
            Ok(None)
        }
        fn visit_unit<E: de::Error>(self) -> Result<Option<L>, E> {
            Ok(None)
        }
        fn visit_some<D: Deserializer<'de>>(self, inner: D) -> Result<Option<L>, D::Error> {
            inner.deserialize_str(self)
        }
        fn visit_str<E: de::Error>(self, text: &str) -> Result<Option<L>, E> {
            if text.trim().is_empty() {
                return Ok(None);
            }
            L::parse(text)
                .map(Some)
                .ok_or_else(|| unknown_label::<L, E>(text))
        }
    }
    deserializer.deserialize_option(Visitor(std::marker::PhantomData))
}

/// The schema of a field read by [`read_optional_label`]: the label, null,
/// or the empty string.
fn optional_label_schema<L: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    let label = generator.subschema_for::<L>();
    json_schema!({
        "anyOf": [
            label,
            { "type": "null" },
            { "type": "string", "const": "", "description": "Not given (as `null`)." }
        ]
    })
}

macro_rules! label_enum {
    ($(#[$meta:meta])* $name:ident, $what:literal, { $($(#[$vmeta:meta])* $variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl Label for $name {
            const WHAT: &'static str = $what;
            const ALL: &'static [Self] = &[$($name::$variant),+];
            fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                read_label(deserializer)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

label_enum!(
    /// What the agent does this step.
    Command, "command", {
        /// Summarise the inbox again, as a step (the observation always
        /// shows it; over MCP, `read_task` reads it for free).
        ShowInbox => "show_inbox",
        /// Open a ticket: its body and the customer record.
        ViewTicket => "view_ticket",
        /// Set `priority` and/or `department` of a ticket.
        SetTriage => "set_triage",
        /// Save `reply_body` as the ticket's reply (replaces an earlier draft).
        DraftReply => "draft_reply",
        /// Set the ticket's `disposition`.
        SetDisposition => "set_disposition",
        /// End the episode and grade the desk as it stands.
        SubmitEpisode => "submit_episode",
        /// Levels 4 and 5: show the account record of the ticket's customer
        /// (plan, seats, billing currency, earlier tickets and their outcomes).
        LookupCustomer => "lookup_customer",
        /// Levels 4 and 5: show the invoice record `invoice_id` (charge date,
        /// amount, status).
        LookupInvoice => "lookup_invoice",
        /// Levels 4 and 5: send the ticket's customer a structured `request`
        /// with your `message`; their answer joins the ticket's conversation.
        AskCustomer => "ask_customer",
        /// Levels 4 and 5: list the knowledge-base articles whose title or
        /// topics share a word with `query` (id, title, one-line summary).
        SearchKb => "search_kb",
        /// Levels 4 and 5: show the knowledge-base article `article_id`.
        ReadArticle => "read_article",
    }
);

label_enum!(
    /// What `ask_customer` asks the customer for.
    CustomerRequest, "request", {
        /// The invoice number (INV-...) of the charge the ticket is about.
        InvoiceNumber => "invoice_number",
        /// Anything else: the customer answers in their own words.
        Clarification => "clarification",
        /// Confirm their identity through the link sent to the account
        /// email on file (a data request sent from another address).
        IdentityVerification => "identity_verification",
        /// When and how they tried to pay the invoice a late fee is on.
        PaymentAttempt => "payment_attempt",
    }
);

label_enum!(
    /// A ticket's priority, least urgent first: `low`, `medium`, `high`, `urgent`.
    #[allow(
        missing_docs,
        reason = "documented unit variants would turn the schema's enum into oneOf; the type doc lists them"
    )]
    Priority, "priority", {
        Low => "low",
        Medium => "medium",
        High => "high",
        Urgent => "urgent",
    }
);

label_enum!(
    /// The team a ticket is routed to: `billing`, `technical` or `general`.
    #[allow(
        missing_docs,
        reason = "documented unit variants would turn the schema's enum into oneOf; the type doc lists them"
    )]
    Department, "department", {
        Billing => "billing",
        Technical => "technical",
        General => "general",
    }
);

label_enum!(
    /// How a ticket leaves the desk: `resolved` (answered and closed),
    /// `escalate_supervisor` (handed to a supervisor) or `pending_customer`
    /// (waiting on the customer's answer).
    #[allow(
        missing_docs,
        reason = "documented unit variants would turn the schema's enum into oneOf; the type doc lists them"
    )]
    Disposition, "disposition", {
        Resolved => "resolved",
        EscalateSupervisor => "escalate_supervisor",
        PendingCustomer => "pending_customer",
    }
);

/// The seed's action: a `command` and the fields that command reads; the
/// others are ignored. An empty string for `priority`, `department` or
/// `disposition` means "not given", as the seed's client sends them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SupportTriageAction {
    /// What the agent does this step.
    pub command: Command,
    /// For the commands on one ticket (all but `show_inbox`,
    /// `submit_episode` and `lookup_invoice`): the ticket, e.g. `T-4821`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket_id: Option<String>,
    /// For `set_triage`: the ticket's priority, as the policy sets it.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "read_optional_label"
    )]
    #[schemars(schema_with = "optional_label_schema::<Priority>")]
    pub priority: Option<Priority>,
    /// For `set_triage`: the department the ticket is routed to.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "read_optional_label"
    )]
    #[schemars(schema_with = "optional_label_schema::<Department>")]
    pub department: Option<Department>,
    /// For `draft_reply`: the customer-visible reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 4000))]
    pub reply_body: Option<String>,
    /// For `set_disposition`: what becomes of the ticket (resolved,
    /// escalated to a supervisor, or waiting on the customer).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "read_optional_label"
    )]
    #[schemars(schema_with = "optional_label_schema::<Disposition>")]
    pub disposition: Option<Disposition>,
    /// For `lookup_invoice`: an invoice id, e.g. `INV-40213`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invoice_id: Option<String>,
    /// For `ask_customer`: what to ask the customer for.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "read_optional_label"
    )]
    #[schemars(schema_with = "optional_label_schema::<CustomerRequest>")]
    pub request: Option<CustomerRequest>,
    /// For `ask_customer`: the message the customer reads with the request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 1000))]
    pub message: Option<String>,
    /// For `search_kb`: the words to search the knowledge base for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 200))]
    pub query: Option<String>,
    /// For `read_article`: an article id, e.g. `KB-204`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub article_id: Option<String>,
    /// Free-form client metadata; accepted and ignored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<serde_json::Map<String, serde_json::Value>>,
}

impl SupportTriageAction {
    /// An action with only a command set.
    pub fn command(command: Command) -> Self {
        SupportTriageAction {
            command,
            ticket_id: None,
            priority: None,
            department: None,
            reply_body: None,
            disposition: None,
            invoice_id: None,
            request: None,
            message: None,
            query: None,
            article_id: None,
            metadata: None,
        }
    }

    /// The action `command` on ticket `ticket_id`, every other field empty.
    pub fn on(command: Command, ticket_id: &str) -> Self {
        SupportTriageAction {
            ticket_id: Some(ticket_id.to_owned()),
            ..Self::command(command)
        }
    }

    /// What identifies the action for loop detection: every field but
    /// `metadata`, with the reply's whitespace folded.
    pub fn fingerprint(&self) -> String {
        let reply = self
            .reply_body
            .as_deref()
            .map(|r| r.split_whitespace().collect::<Vec<_>>().join(" "));
        let mut print = format!(
            "{}|{:?}|{:?}|{:?}|{:?}|{:?}",
            self.command,
            self.ticket_id.as_deref().map(str::trim),
            self.priority,
            self.department,
            reply,
            self.disposition
        );
        // The fields of the records desk's commands, only when given, so
        // the fingerprints of the first six commands stay as they were.
        if self.query.is_some() || self.article_id.is_some() {
            print.push_str(&format!(
                "|kb|{:?}|{:?}",
                self.query.as_deref().map(str::trim),
                self.article_id.as_deref().map(str::trim)
            ));
        }
        if self.invoice_id.is_some() || self.request.is_some() || self.message.is_some() {
            let message = self
                .message
                .as_deref()
                .map(|m| m.split_whitespace().collect::<Vec<_>>().join(" "));
            print.push_str(&format!(
                "|{:?}|{:?}|{:?}",
                self.invoice_id.as_deref().map(str::trim),
                self.request,
                message
            ));
        }
        print
    }
}

impl Command {
    /// A command of the records desk (levels 4 and 5), which no other
    /// level offers as a tool. An exhaustive match, so a new command is
    /// placed on one side or the other.
    pub fn records_desk_only(self) -> bool {
        match self {
            Command::LookupCustomer
            | Command::LookupInvoice
            | Command::AskCustomer
            | Command::SearchKb
            | Command::ReadArticle => true,
            Command::ShowInbox
            | Command::ViewTicket
            | Command::SetTriage
            | Command::DraftReply
            | Command::SetDisposition
            | Command::SubmitEpisode => false,
        }
    }

    /// This command as a tool, described by the command's own doc: the
    /// fields it reads, the ticket first. An exhaustive match, so a new
    /// command cannot be left without its tool.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn tool(self) -> crate::tools::ToolSpec {
        let takes = |required, optional| {
            crate::tools::ToolSpec::new(
                self.name(),
                crate::tools::ToolDescription::CommandDoc,
                required,
                optional,
            )
        };
        match self {
            Command::ShowInbox | Command::SubmitEpisode => takes(&[], &[]),
            Command::ViewTicket => takes(&["ticket_id"], &[]),
            Command::SetTriage => {
                takes(&["ticket_id"], &["priority", "department"]).needing_an_optional()
            }
            Command::DraftReply => takes(&["ticket_id", "reply_body"], &[]),
            Command::SetDisposition => takes(&["ticket_id", "disposition"], &[]),
            Command::LookupCustomer => takes(&["ticket_id"], &[]),
            Command::LookupInvoice => takes(&["invoice_id"], &[]),
            Command::AskCustomer => takes(&["ticket_id", "request"], &["message"]),
            Command::SearchKb => takes(&["query"], &[]),
            Command::ReadArticle => takes(&["article_id"], &[]),
        }
    }
}

/// `T-4821`, `t4821`, ` T-4821 ` and `4821` all name ticket `T-4821`.
pub fn normalize_ticket_id(text: &str) -> String {
    let trimmed = text.trim().trim_start_matches('#');
    let digits = trimmed
        .strip_prefix(['T', 't'])
        .map(|rest| rest.trim_start_matches('-'))
        .unwrap_or(trimmed);
    if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
        format!("T-{digits}")
    } else {
        trimmed.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn labels_read_leniently_and_refuse_clearly() {
        let action: SupportTriageAction =
            serde_json::from_value(json!({"command": " Set_Triage ", "priority": "HIGH"}))
                .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(action.command, Command::SetTriage);
        assert_eq!(action.priority, Some(Priority::High));
        let err = serde_json::from_value::<SupportTriageAction>(
            json!({"command": "show_inbox", "priority": "super-urgent"}),
        )
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
        assert!(
            err.contains("unknown priority `super-urgent`; allowed: low, medium, high, urgent"),
            "{err}"
        );
        assert_eq!(
            serde_json::to_value(Disposition::EscalateSupervisor).ok(),
            Some(json!("escalate_supervisor"))
        );
    }

    #[test]
    fn blank_labels_are_not_given() {
        // The seed's typed client sends every field, "" for those unset.
        let action: SupportTriageAction = serde_json::from_value(json!({
            "command": "view_ticket", "ticket_id": "T-1", "priority": "",
            "department": " ", "reply_body": "", "disposition": null, "metadata": {}
        }))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (action.priority, action.department, action.disposition),
            (None, None, None)
        );
        let action: SupportTriageAction =
            serde_json::from_value(json!({"command": "set_triage", "department": "Billing"}))
                .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(action.department, Some(Department::Billing));
        for bad in [json!("nope"), json!(3), json!(["high"])] {
            let refused = serde_json::from_value::<SupportTriageAction>(
                json!({"command": "set_triage", "priority": bad}),
            );
            assert!(refused.is_err(), "{bad}");
        }
    }

    #[test]
    fn ticket_ids_are_normalised() {
        for text in ["T-4821", "t4821", " T-4821 ", "4821", "#4821", "t-4821"] {
            assert_eq!(normalize_ticket_id(text), "T-4821", "{text}");
        }
        assert_eq!(normalize_ticket_id("abc"), "abc");
        assert_eq!(normalize_ticket_id(""), "");
    }
}

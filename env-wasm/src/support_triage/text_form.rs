//! The observation's text forms: `inbox_summary` and `ticket_detail` as the
//! seed's clients read them (strings, typed so in their models), written
//! from the same rows and ticket as the structured `inbox` and
//! `opened_ticket`, so the two forms never disagree.

use std::fmt::Write;

use super::action::Label;
use super::observation::{InboxRow, TicketDetail};

/// One line per ticket, `- <id>: <subject>`, then in parentheses who sent
/// it, when, whether it was opened and what the agent has set so far.
pub fn inbox_text(rows: &[InboxRow]) -> String {
    let mut out = String::new();
    for row in rows {
        if !out.is_empty() {
            out.push('\n');
        }
        let mut notes = vec![
            format!("from {}, received {}", row.customer, row.received),
            if row.viewed { "opened" } else { "not opened" }.to_owned(),
        ];
        if let Some(priority) = row.priority {
            notes.push(format!("priority {}", priority.name()));
        }
        if let Some(department) = row.department {
            notes.push(format!("department {}", department.name()));
        }
        if let Some(disposition) = row.disposition {
            notes.push(format!("disposition {}", disposition.name()));
        }
        if row.reply_drafted {
            notes.push("reply drafted".to_owned());
        }
        let _ = write!(
            out,
            "- {}: {} ({})",
            row.ticket_id,
            row.subject,
            notes.join("; ")
        );
    }
    out
}

/// The opened ticket: its header lines, the customer record, the body and
/// the reply drafted so far; `""` when no ticket is open.
pub fn ticket_text(detail: Option<&TicketDetail>) -> String {
    let Some(t) = detail else {
        return String::new();
    };
    let c = &t.customer;
    let customer = match (c.plan, c.seats, &c.customer_since, &c.last_fee_waiver) {
        (Some(plan), Some(seats), Some(since), Some(waiver)) => format!(
            "{}, {}; plan {plan}, {seats} seats; customer since {since}; account email {}; last fee waiver {waiver}",
            c.name, c.company, c.account_email
        ),
        // The records desk: the rest is in the account record.
        _ => format!(
            "{}, {}; account email {} (plan, billing currency and earlier tickets: lookup_customer)",
            c.name, c.company, c.account_email
        ),
    };
    let mut out = format!(
        "ID: {}\nSubject: {}\nFrom: {}\nReceived: {}\nProduct: {}\nCustomer: {customer}\n\n{}",
        t.ticket_id, t.subject, t.from, t.received, t.product, t.body
    );
    for exchange in &t.conversation {
        let _ = write!(
            out,
            "\n\nAsked the customer ({}): {}\nCustomer: {}",
            exchange.request.name(),
            exchange.message,
            exchange.answer
        );
    }
    if let Some(reply) = &t.draft_reply {
        let _ = write!(out, "\n\nDraft reply:\n{reply}");
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::{AnyEnv, ResetDefaults};

    fn step(env: &mut AnyEnv, action: Value) -> Value {
        env.step(&action)
            .unwrap_or_else(|e| panic!("{action} refused: {e}"))
            .observation
            .to_value()
    }

    #[test]
    fn the_text_forms_follow_the_structured_ones() {
        let mut env = AnyEnv::new("support_triage").unwrap_or_else(|e| panic!("{e}"));
        let first = env
            .reset(
                &json!({"task": "medium", "seed": 3}),
                ResetDefaults::default(),
            )
            .unwrap_or_else(|e| panic!("{e}"))
            .observation
            .to_value();
        let rows = first["inbox"].as_array().cloned().unwrap_or_default();
        let lines: Vec<&str> = first["inbox_summary"]
            .as_str()
            .unwrap_or("")
            .lines()
            .collect();
        assert_eq!(lines.len(), rows.len());
        for (line, row) in lines.iter().zip(&rows) {
            let head = format!(
                "- {}: {} (",
                row["ticket_id"].as_str().unwrap_or(""),
                row["subject"].as_str().unwrap_or("")
            );
            assert!(line.starts_with(&head), "{line}");
            assert!(line.contains("not opened"), "{line}");
        }
        assert_eq!(first["ticket_detail"], json!(""));
        assert_eq!(first["opened_ticket"], Value::Null);

        // The seed's client sends every field, "" for those it leaves unset.
        let id = rows[0]["ticket_id"].as_str().unwrap_or("").to_owned();
        let seed_action = |command: &str, priority: &str, department: &str| {
            json!({"command": command, "ticket_id": id, "priority": priority,
                   "department": department, "reply_body": "", "disposition": "", "metadata": {}})
        };
        let opened = step(&mut env, seed_action("view_ticket", "", ""));
        let text = opened["ticket_detail"].as_str().unwrap_or("");
        assert!(text.starts_with(&format!("ID: {id}\n")), "{text}");
        let body = opened["opened_ticket"]["body"].as_str().unwrap_or("?");
        assert!(text.contains(body), "{text}");
        let triaged = step(&mut env, seed_action("set_triage", "high", ""));
        let line = triaged["inbox_summary"]
            .as_str()
            .unwrap_or("")
            .lines()
            .next();
        assert!(
            line.is_some_and(|l| l.ends_with("; opened; priority high)")),
            "{line:?}"
        );
        assert_eq!(triaged["inbox"][0]["department"], Value::Null);
    }
}

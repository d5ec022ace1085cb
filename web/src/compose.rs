//! The one Step button every composer uses, so no form can set a trap:
//! it is enabled only for an action the seam would accept (the page runs
//! the seam's own `validate_action`), it asks first when the action leaves
//! empty a field its command reads (an empty final answer, reply or
//! disposition still costs the step, or ends the episode), and it is gone
//! once the episode is over.

use leptos::prelude::*;
use serde_json::Value;

/// What a composer would send now.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Draft {
    /// The action, or why the form cannot make one yet.
    pub action: Result<Value, String>,
    /// The fields the command reads that the action leaves empty.
    pub blanks: Vec<String>,
    /// Whether this step ends the episode (a final answer, a submit, the
    /// last task, the step limit).
    pub ends: bool,
}

impl Draft {
    pub(crate) fn of(action: Value) -> Self {
        Draft {
            action: Ok(action),
            blanks: Vec::new(),
            ends: false,
        }
    }

    pub(crate) fn blank_if(mut self, empty: bool, field: impl Into<String>) -> Self {
        if empty {
            self.blanks.push(field.into());
        }
        self
    }

    pub(crate) fn ending(mut self, ends: bool) -> Self {
        self.ends = ends;
        self
    }
}

/// What a composer gets from the page.
#[derive(Clone, Copy)]
pub(crate) struct Composing {
    /// Step the episode with an action.
    pub submit: Callback<Value>,
    /// The seam's verdict on an action, without stepping.
    pub check: Callback<Value, Result<(), String>>,
    /// What the environment's check of form finds wrong in the answer an
    /// action carries (a date that does not exist), before it is graded.
    /// Only productivity's composer asks it so far, so a bundle without
    /// that environment leaves it unread.
    #[cfg_attr(
        not(feature = "productivity"),
        allow(dead_code, reason = "only productivity's composer reads it")
    )]
    pub form: Callback<Value, Option<String>>,
    /// The latest observation of the running episode.
    pub observation: Signal<Value>,
    /// Whether the next accepted step is the task's last.
    pub last_step: Signal<bool>,
}

/// The Step button for `draft`, with its hint and the confirmation.
pub(crate) fn step_button(
    id: &'static str,
    label: &'static str,
    draft: Signal<Draft>,
    ctx: Composing,
) -> impl IntoView {
    let verdict = Memo::new(move |_| {
        draft
            .with(|d| d.action.clone())
            .and_then(|action| ctx.check.run(action.clone()).map(|()| action))
    });
    // The draft the page asked about: editing the form asks again.
    let asked = RwSignal::new(None::<Draft>);
    let asking = move || asked.with(|a| a.as_ref().is_some_and(|a| draft.with(|d| d == a)));
    let send = move || {
        if let Ok(action) = verdict.get_untracked() {
            asked.set(None);
            ctx.submit.run(action);
        }
    };
    let click = move |_| {
        if draft.with_untracked(|d| d.blanks.is_empty()) {
            send();
        } else {
            asked.set(Some(draft.get_untracked()));
        }
    };
    let hint = move || match verdict.get() {
        Ok(_) => draft.with(|d| {
            let mut hint = if d.ends {
                "Ready: this step ends the episode."
            } else {
                "Ready."
            }
            .to_owned();
            if !d.blanks.is_empty() {
                hint.push_str(&format!(" Still empty: {}.", d.blanks.join(", ")));
            }
            hint
        }),
        Err(reason) => reason,
    };
    let question = move || {
        asking().then(|| {
            let (blanks, ends) = draft.with(|d| (d.blanks.join(", "), d.ends));
            let cost = if ends {
                "Sending it ends the episode with them empty."
            } else {
                "Sending it costs a step."
            };
            view! {
                <div class="confirm" id="confirm-step" role="alertdialog" aria-label="Empty fields">
                    <p>{format!("Left empty: {blanks}. {cost}")}</p>
                    <button id="confirm-send" on:click=move |_| send()>"Send anyway"</button>
                    <button id="confirm-cancel" class="primary" on:click=move |_| asked.set(None)>"Keep editing"</button>
                </div>
            }
        })
    };
    view! {
        <p class="hint" data-for=id>{hint}</p>
        {question}
        <button id=id class="primary" on:click=click disabled=move || verdict.with(Result::is_err)>{label}</button>
    }
}

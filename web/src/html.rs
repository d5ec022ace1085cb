//! Read-only parts of the page (tables, charts, the timeline) written as
//! HTML text and set with `inner_html`, with every piece of text escaped.
//!
//! Why not `view!`: each `view!` shape becomes its own typed view with its
//! own build, rebuild and drop code in the wasm, and these parts have many
//! shapes and no state; as text they cost a few string writes, which keeps
//! the bundle within DESIGN.md's 400 KB. Their buttons carry `data-`
//! attributes, and one handler on the container reads them
//! ([`clicked_data`]).

use std::fmt::Write as _;

use env_wasm::decimal::fixed;
use wasm_bindgen::JsCast;

/// Text made safe for HTML content and for quoted attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// An HTML fragment under construction.
#[derive(Debug, Default)]
pub(crate) struct Html(String);

impl Html {
    pub(crate) fn new() -> Self {
        Html::default()
    }

    /// `<tag a="v" ...>`; attribute values are escaped, names are ours.
    pub(crate) fn open(&mut self, tag: &str, attributes: &[(&str, &str)]) -> &mut Self {
        let _ = write!(self.0, "<{tag}");
        for (name, value) in attributes {
            let _ = write!(self.0, " {name}=\"{}\"", escape(value));
        }
        self.0.push('>');
        self
    }

    pub(crate) fn close(&mut self, tag: &str) -> &mut Self {
        let _ = write!(self.0, "</{tag}>");
        self
    }

    pub(crate) fn text(&mut self, text: &str) -> &mut Self {
        self.0.push_str(&escape(text));
        self
    }

    /// `<tag ...>text</tag>`.
    pub(crate) fn element(
        &mut self,
        tag: &str,
        attributes: &[(&str, &str)],
        text: &str,
    ) -> &mut Self {
        self.open(tag, attributes).text(text).close(tag)
    }

    /// A score bar: a track filled to `value` (0 to 1), then the value in
    /// the page's one precision with its exact figure as a tooltip.
    pub(crate) fn score_bar(&mut self, value: f64, value_class: &str) -> &mut Self {
        self.open("span", &[("class", "bar-track")])
            .element(
                "span",
                &[
                    ("class", "bar-fill"),
                    ("style", &format!("width:{}%", fixed(value * 100.0, 1))),
                ],
                "",
            )
            .close("span")
            .element(
                "span",
                &[
                    ("class", value_class),
                    ("title", &crate::format::exact(value)),
                ],
                &crate::format::number(value),
            )
    }

    /// A fragment built elsewhere.
    pub(crate) fn append(&mut self, other: Html) -> &mut Self {
        self.0.push_str(&other.0);
        self
    }

    pub(crate) fn into_string(self) -> String {
        self.0
    }
}

/// The `<option>`s of a `<select>`, `(value, label)` each, the one whose
/// value is `selected` marked so: set with `inner_html`, a picker costs a
/// few string writes instead of a typed view per option.
pub(crate) fn options<'a>(
    items: impl IntoIterator<Item = (&'a str, &'a str)>,
    selected: &str,
) -> String {
    let mut html = Html::new();
    for (value, label) in items {
        let attributes: &[(&str, &str)] = if value == selected {
            &[("value", value), ("selected", "")]
        } else {
            &[("value", value)]
        };
        html.element("option", attributes, label);
    }
    html.into_string()
}

/// The value of `data-{name}` on the element a click landed in (or its
/// nearest ancestor that has one).
pub(crate) fn clicked_data(event: &web_sys::MouseEvent, name: &str) -> Option<String> {
    let target = event.target()?.dyn_into::<web_sys::Element>().ok()?;
    let attribute = format!("data-{name}");
    target
        .closest(&format!("[{attribute}]"))
        .ok()
        .flatten()?
        .get_attribute(&attribute)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attributes_cannot_break_out() {
        let mut html = Html::new();
        html.element("td", &[("title", "a\"b<c>")], "<script>&'");
        assert_eq!(
            html.into_string(),
            "<td title=\"a&quot;b&lt;c&gt;\">&lt;script&gt;&amp;&#39;</td>"
        );
        assert_eq!(
            options([("1", "one"), ("2", "<two>")], "2"),
            "<option value=\"1\">one</option><option value=\"2\" selected=\"\">&lt;two&gt;</option>"
        );
    }
}

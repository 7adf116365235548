//! The SVG element tree [`crate::render`] builds, and its text.
//!
//! A small tree of our own instead of a general SVG library's: a picture is drawn again
//! after every move of every live game, and a general tree (attributes in a hash map of
//! owned strings, a boxed node per child, a copy per escaped value) spent most of a
//! server's time on allocation. Attribute names are static, values are kept as numbers or
//! text until written, and the text is written in one pass.
//!
//! The text: `<name a="1" b="x">` with attributes sorted by name, each child (element or
//! text) on a line of its own, `&`, `<` and `>` escaped (in text and in attribute values),
//! an element without children closed as `<name .../>`. It is the text the `svg` crate wrote
//! for the same pictures, byte for byte.

use std::borrow::Cow;
use std::fmt::{self, Write};

/// An attribute's value, written when the element is.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A number, written in Rust's shortest form (`48`, `0.5`, `-12.25`).
    Number(f32),
    /// An integer.
    Integer(i32),
    /// Text.
    Text(Cow<'static, str>),
    /// Four numbers separated by spaces (a `viewBox`).
    Four([f32; 4]),
}

impl From<f32> for Value {
    fn from(v: f32) -> Value {
        Value::Number(v)
    }
}

impl From<i32> for Value {
    fn from(v: i32) -> Value {
        Value::Integer(v)
    }
}

impl From<&'static str> for Value {
    fn from(v: &'static str) -> Value {
        Value::Text(Cow::Borrowed(v))
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(Cow::Owned(v))
    }
}

impl From<(f32, f32, f32, f32)> for Value {
    fn from((a, b, c, d): (f32, f32, f32, f32)) -> Value {
        Value::Four([a, b, c, d])
    }
}

/// A child: an element or text.
#[derive(Clone, Debug, PartialEq)]
enum Node {
    Element(Element),
    Text(String),
}

/// An SVG element: a name, attributes and children. `to_string()` gives its text.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    name: &'static str,
    attributes: Vec<(&'static str, Value)>,
    children: Vec<Node>,
}

impl Element {
    /// An element named `name` without attributes or children.
    pub fn new(name: &'static str) -> Element {
        Element {
            name,
            attributes: Vec::new(),
            children: Vec::new(),
        }
    }

    /// An element named `name` holding the text `content`.
    pub fn text(name: &'static str, content: impl Into<String>) -> Element {
        let mut e = Element::new(name);
        e.children.push(Node::Text(content.into()));
        e
    }

    /// The element with attribute `name` set to `value` (replacing an earlier value).
    #[must_use]
    pub fn set(mut self, name: &'static str, value: impl Into<Value>) -> Element {
        let value = value.into();
        match self.attributes.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.attributes.push((name, value)),
        }
        self
    }

    /// The element with `child` added after its other children.
    #[must_use]
    pub fn child(mut self, child: Element) -> Element {
        self.children.push(Node::Element(child));
        self
    }

    /// The value of attribute `name`, if set.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.attributes
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }

    fn write(&self, out: &mut impl Write) -> fmt::Result {
        out.write_char('<')?;
        out.write_str(self.name)?;
        let mut attributes: Vec<&(&'static str, Value)> = self.attributes.iter().collect();
        attributes.sort_unstable_by_key(|(n, _)| *n);
        for (name, value) in attributes {
            out.write_char(' ')?;
            out.write_str(name)?;
            out.write_str("=\"")?;
            match value {
                Value::Number(x) => write!(out, "{x}")?,
                Value::Integer(i) => write!(out, "{i}")?,
                Value::Text(t) => escape(t, out)?,
                Value::Four([a, b, c, d]) => write!(out, "{a} {b} {c} {d}")?,
            }
            out.write_char('"')?;
        }
        if self.children.is_empty() {
            return out.write_str("/>");
        }
        out.write_char('>')?;
        for child in &self.children {
            out.write_char('\n')?;
            match child {
                Node::Element(e) => e.write(out)?,
                Node::Text(t) => escape(t, out)?,
            }
        }
        out.write_str("\n</")?;
        out.write_str(self.name)?;
        out.write_char('>')
    }
}

impl fmt::Display for Element {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f)
    }
}

/// Writes `text` with `&`, `<` and `>` escaped.
fn escape(text: &str, out: &mut impl Write) -> fmt::Result {
    let mut rest = text;
    while let Some(i) = rest.find(['&', '<', '>']) {
        out.write_str(&rest[..i])?;
        out.write_str(match rest.as_bytes()[i] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            _ => "&gt;",
        })?;
        rest = &rest[i + 1..];
    }
    out.write_str(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_are_sorted_and_children_go_on_lines_of_their_own() {
        let e = Element::new("g")
            .set("id", "cells")
            .set("class", "a")
            .child(Element::new("rect").set("y", 0.5).set("x", 48.0))
            .child(Element::text("text", "K").set("font-size", 21.6));
        assert_eq!(
            e.to_string(),
            "<g class=\"a\" id=\"cells\">\n<rect x=\"48\" y=\"0.5\"/>\n<text font-size=\"21.6\">\nK\n</text>\n</g>"
        );
    }

    #[test]
    fn text_and_values_are_escaped_and_set_replaces() {
        let e = Element::text("text", "a<b & c>d")
            .set("data-x", "1&2")
            .set("data-x", String::from("<3"))
            .set("viewBox", (0.0, -24.0, 384.5, 400.0))
            .set("stroke-width", 3);
        assert_eq!(
            e.to_string(),
            "<text data-x=\"&lt;3\" stroke-width=\"3\" viewBox=\"0 -24 384.5 400\">\na&lt;b &amp; c&gt;d\n</text>"
        );
        assert_eq!(e.get("stroke-width"), Some(&Value::Integer(3)));
        assert_eq!(e.get("missing"), None);
    }
}

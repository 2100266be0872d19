//! "parse a constructor string": a pattern written as one URL-like string
//! split into the components of an init.

use super::component::Component;
use super::parts::Options;
use super::tokenizer::{tokenize, Kind, Token};
use super::{canon, Error, Fields, HOSTNAME, PASSWORD, PATHNAME, PORT, PROTOCOL, SEARCH};
use crate::bytes::buf::Buf;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Init,
    Protocol,
    Authority,
    Username,
    Password,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
    Done,
}

impl State {
    fn field(self) -> Option<usize> {
        Some(match self {
            State::Protocol => PROTOCOL,
            State::Username => 1,
            State::Password => PASSWORD,
            State::Hostname => HOSTNAME,
            State::Port => PORT,
            State::Pathname => PATHNAME,
            State::Search => SEARCH,
            State::Hash => 7,
            _ => return None,
        })
    }
}

struct Parser<'a> {
    input: &'a str,
    tokens: Vec<Token>,
    result: Fields,
    component_start: usize,
    index: usize,
    increment: usize,
    group_depth: usize,
    ipv6_depth: usize,
    special: bool,
    state: State,
}

impl Parser<'_> {
    fn safe_token(&self, i: usize) -> Token {
        match self.tokens.get(i) {
            Some(t) => *t,
            None => self.tokens[self.tokens.len() - 1],
        }
    }

    fn non_special(&self, i: usize, value: &str) -> bool {
        let t = self.safe_token(i);
        t.value(self.input) == value
            && matches!(t.kind, Kind::Char | Kind::EscapedChar | Kind::InvalidChar)
    }

    fn at(&self, value: &str) -> bool {
        self.non_special(self.index, value)
    }

    fn is_search_prefix(&self) -> bool {
        if self.at("?") {
            return true;
        }
        if self.tokens[self.index].value(self.input) != "?" {
            return false;
        }
        if self.index == 0 {
            return true;
        }
        let previous = self.safe_token(self.index - 1);
        !matches!(
            previous.kind,
            Kind::Name | Kind::Regexp | Kind::Close | Kind::Asterisk
        )
    }

    fn next_is_authority_slashes(&self) -> bool {
        self.non_special(self.index + 1, "/") && self.non_special(self.index + 2, "/")
    }

    fn component_string(&self) -> &str {
        let token = self.tokens[self.index];
        let start = self.safe_token(self.component_start);
        self.input.get(start.index()..token.index()).unwrap_or("")
    }

    fn set_field(&mut self, field: usize, value: &[u8]) -> Result<(), Error> {
        self.result[field] = Some(Buf::from_slice(value)?);
        Ok(())
    }

    fn change_state(&mut self, new: State, skip: usize) -> Result<(), Error> {
        if let Some(f) = self.state.field() {
            let s = Buf::from_slice(self.component_string().as_bytes())?;
            self.result[f] = Some(s);
        }
        use State::*;
        if self.state != Init && new != Done {
            if matches!(self.state, Protocol | Authority | Username | Password)
                && matches!(new, Port | Pathname | Search | Hash)
                && self.result[HOSTNAME].is_none()
            {
                self.set_field(HOSTNAME, b"")?;
            }
            if matches!(
                self.state,
                Protocol | Authority | Username | Password | Hostname | Port
            ) && matches!(new, Search | Hash)
                && self.result[PATHNAME].is_none()
            {
                let v: &[u8] = if self.special { b"/" } else { b"" };
                self.set_field(PATHNAME, v)?;
            }
            if matches!(
                self.state,
                Protocol | Authority | Username | Password | Hostname | Port | Pathname
            ) && new == Hash
                && self.result[SEARCH].is_none()
            {
                self.set_field(SEARCH, b"")?;
            }
        }
        self.state = new;
        self.index += skip;
        self.component_start = self.index;
        self.increment = 0;
        Ok(())
    }

    fn rewind(&mut self) {
        self.index = self.component_start;
        self.increment = 0;
    }

    fn rewind_and_set(&mut self, state: State) {
        self.rewind();
        self.state = state;
    }

    fn compute_special(&mut self) -> Result<(), Error> {
        let protocol =
            Component::compile(self.component_string(), canon::protocol, Options::DEFAULT)?;
        self.special = protocol.matches_special_scheme()?;
        Ok(())
    }
}

/// Parses `input` into the init's components.
pub(crate) fn parse(input: &str) -> Result<Fields, Error> {
    let mut p = Parser {
        input,
        tokens: tokenize(input, true)?,
        result: Default::default(),
        component_start: 0,
        index: 0,
        increment: 1,
        group_depth: 0,
        ipv6_depth: 0,
        special: false,
        state: State::Init,
    };
    while p.index < p.tokens.len() {
        p.increment = 1;
        if p.tokens[p.index].kind == Kind::End {
            if p.state == State::Init {
                p.rewind();
                if p.at("#") {
                    p.change_state(State::Hash, 1)?;
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1)?;
                } else {
                    p.change_state(State::Pathname, 0)?;
                }
                p.index += p.increment;
                continue;
            }
            if p.state == State::Authority {
                p.rewind_and_set(State::Hostname);
                p.index += p.increment;
                continue;
            }
            p.change_state(State::Done, 0)?;
            break;
        }
        if p.tokens[p.index].kind == Kind::Open {
            p.group_depth += 1;
            p.index += p.increment;
            continue;
        }
        if p.group_depth > 0 {
            if p.tokens[p.index].kind == Kind::Close {
                p.group_depth -= 1;
            } else {
                p.index += p.increment;
                continue;
            }
        }
        match p.state {
            State::Init => {
                if p.at(":") {
                    p.rewind_and_set(State::Protocol);
                }
            }
            State::Protocol => {
                if p.at(":") {
                    p.compute_special()?;
                    let (mut next, mut skip) = (State::Pathname, 1);
                    if p.next_is_authority_slashes() {
                        next = State::Authority;
                        skip = 3;
                    } else if p.special {
                        next = State::Authority;
                    }
                    p.change_state(next, skip)?;
                }
            }
            State::Authority => {
                if p.at("@") {
                    p.rewind_and_set(State::Username);
                } else if p.at("/") || p.is_search_prefix() || p.at("#") {
                    p.rewind_and_set(State::Hostname);
                }
            }
            State::Username => {
                if p.at(":") {
                    p.change_state(State::Password, 1)?;
                } else if p.at("@") {
                    p.change_state(State::Hostname, 1)?;
                }
            }
            State::Password => {
                if p.at("@") {
                    p.change_state(State::Hostname, 1)?;
                }
            }
            State::Hostname => {
                if p.at("[") {
                    p.ipv6_depth += 1;
                } else if p.at("]") {
                    p.ipv6_depth = p.ipv6_depth.saturating_sub(1);
                } else if p.at(":") && p.ipv6_depth == 0 {
                    p.change_state(State::Port, 1)?;
                } else if p.at("/") {
                    p.change_state(State::Pathname, 0)?;
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1)?;
                } else if p.at("#") {
                    p.change_state(State::Hash, 1)?;
                }
            }
            State::Port => {
                if p.at("/") {
                    p.change_state(State::Pathname, 0)?;
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1)?;
                } else if p.at("#") {
                    p.change_state(State::Hash, 1)?;
                }
            }
            State::Pathname => {
                if p.is_search_prefix() {
                    p.change_state(State::Search, 1)?;
                } else if p.at("#") {
                    p.change_state(State::Hash, 1)?;
                }
            }
            State::Search => {
                if p.at("#") {
                    p.change_state(State::Hash, 1)?;
                }
            }
            State::Hash | State::Done => {}
        }
        p.index += p.increment;
    }
    if p.result[HOSTNAME].is_some() && p.result[PORT].is_none() {
        p.set_field(PORT, b"")?;
    }
    Ok(p.result)
}

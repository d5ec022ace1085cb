//! The JSON-RPC 2.0 error codes `/mcp` answers with: the specification's
//! standard codes and MCP's own. A leaf, so that [`crate::error`] can map
//! every error to its code without depending on the MCP handlers.

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;
pub const METHOD_NOT_FOUND: i64 = -32601;
pub const INVALID_PARAMS: i64 = -32602;
pub const INTERNAL_ERROR: i64 = -32603;
pub const SERVER_ERROR: i64 = -32000;
/// MCP's code for a resource that does not exist.
pub const RESOURCE_NOT_FOUND: i64 = -32002;

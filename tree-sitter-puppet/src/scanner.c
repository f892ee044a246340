/*
 * plint's external scanner for the Puppet grammar.
 *
 * It produces the tokens a context-free lexer cannot:
 *  - heredocs: `@(TAG:syntax/flags)` starts, and for each pending heredoc, in order, the body
 *    that begins after the next line break, its text split at interpolations and escapes
 *    (depending on the tag's quoting and flags), and its end line (`|- TAG`);
 *  - the text of double-quoted strings, split at `\` escapes and `$` interpolations;
 *  - `${`, telling apart `${name...}` (a variable written without `$`) from `${expr}`;
 *  - `(` first on a line, which Puppet never takes as the start of a call's arguments;
 *  - comments (`# ...`, and slash-star block comments, closed or not) where it skips blanks for
 *    the tokens above anyway: the generated lexer spends several calls per character on them
 *    (its state switch, `eof`, `mark_end`), a loop here only `advance`, and comments are close
 *    to half of the bytes of real manifests. A run of line comments is one token here.
 */

#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

/*
 * How many times this thread's parser has called the scanner while recovering from syntax
 * errors (with every token valid), since the last reset. tree-sitter's recovery costs more with
 * every error in a run of them, so plint stops a parse after too many (see
 * crates/plint-syntax/src/syntax/recovery.rs); tree-sitter's API tells how far a parse is, not
 * how many errors it met. A parse runs on one thread, start to end, so the count is per thread.
 */
static _Thread_local uint32_t recovery_scans;

uint32_t tree_sitter_puppet_recovery_scans(void) { return recovery_scans; }

void tree_sitter_puppet_reset_recovery_scans(void) { recovery_scans = 0; }

enum TokenType {
  HEREDOC_START,
  HEREDOC_BODY_START,
  HEREDOC_CONTENT,
  HEREDOC_END,
  DQ_CONTENT,
  ESCAPE_SEQUENCE,
  INTERP_VARIABLE,
  INTERP_OPEN,
  INTERP_OPEN_NAME,
  INTERP_NAME,
  WSLPAREN,
  COMMENT,
  UNCLOSED_COMMENT,
  APPLY,
  ERROR_SENTINEL,
};

#define MAX_HEREDOCS 8
#define MAX_TAG 96

/* Escape flags of a heredoc, from its `/flags`. */
enum {
  ESC_T = 1 << 0,
  ESC_R = 1 << 1,
  ESC_N = 1 << 2,
  ESC_S = 1 << 3,
  ESC_U = 1 << 4,
  ESC_DOLLAR = 1 << 5,
  ESC_L = 1 << 6,
  ESC_ANY = 1 << 7, /* any flag given: `\\` is an escape too */
};

typedef struct {
  uint8_t tag_len;
  bool interpolate;
  uint8_t escapes;
  char tag[MAX_TAG];
} Heredoc;

typedef struct {
  uint8_t count;     /* pending heredocs, in the order they started */
  bool in_body;      /* the first pending heredoc's body is being read */
  bool expect_name;  /* the last token was `${` followed by a bare variable name */
  uint8_t line_start; /* whether the last token ended at a line start (see LineStart) */
  Heredoc heredocs[MAX_HEREDOCS];
} Scanner;

/*
 * Whether the last token ended at the start of a line, as far as the scanner knows: a heredoc
 * text needs to know it (its end line is checked at line starts), and asking the lexer
 * (`get_column`) costs the length of the line so far when the last token ended before the
 * lookahead (quadratic on a long line of interpolations).
 */
enum LineStart { LINE_START_NO = 0, LINE_START_YES = 1, LINE_START_UNKNOWN = 2 };

static inline void advance(TSLexer *lexer) { lexer->advance(lexer, false); }
static inline void skip(TSLexer *lexer) { lexer->advance(lexer, true); }

static inline bool is_blank(int32_t c) {
  if (c < 0x80) return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
  return c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F ||
         c == 0x205F || c == 0x3000;
}

static bool is_word_char(int32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static bool is_hex(int32_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* ------------------------------------------------------------------ lifecycle */

void *tree_sitter_puppet_external_scanner_create(void) {
  Scanner *s = (Scanner *)calloc(1, sizeof(Scanner));
  if (s) s->line_start = LINE_START_UNKNOWN;
  return s;
}

void tree_sitter_puppet_external_scanner_destroy(void *payload) { free(payload); }

unsigned tree_sitter_puppet_external_scanner_serialize(void *payload, char *buffer) {
  Scanner *s = (Scanner *)payload;
  unsigned n = 0;
  buffer[n++] = (char)s->count;
  buffer[n++] = (char)s->in_body;
  buffer[n++] = (char)s->expect_name;
  buffer[n++] = (char)s->line_start;
  for (unsigned i = 0; i < s->count; i++) {
    Heredoc *h = &s->heredocs[i];
    if (n + 3 + h->tag_len > TREE_SITTER_SERIALIZATION_BUFFER_SIZE) break;
    buffer[n++] = (char)h->interpolate;
    buffer[n++] = (char)h->escapes;
    buffer[n++] = (char)h->tag_len;
    memcpy(buffer + n, h->tag, h->tag_len);
    n += h->tag_len;
  }
  return n;
}

void tree_sitter_puppet_external_scanner_deserialize(void *payload, const char *buffer,
                                                     unsigned length) {
  Scanner *s = (Scanner *)payload;
  s->count = 0;
  s->in_body = false;
  s->expect_name = false;
  s->line_start = LINE_START_UNKNOWN;
  if (length < 4) return;
  unsigned n = 0;
  uint8_t count = (uint8_t)buffer[n++];
  s->in_body = buffer[n++] != 0;
  s->expect_name = buffer[n++] != 0;
  s->line_start = (uint8_t)buffer[n++];
  if (s->line_start > LINE_START_UNKNOWN) s->line_start = LINE_START_UNKNOWN;
  for (uint8_t i = 0; i < count && i < MAX_HEREDOCS && n + 3 <= length; i++) {
    Heredoc *h = &s->heredocs[i];
    h->interpolate = buffer[n++] != 0;
    h->escapes = (uint8_t)buffer[n++];
    h->tag_len = (uint8_t)buffer[n++];
    if (h->tag_len > MAX_TAG || n + h->tag_len > length) break;
    memcpy(h->tag, buffer + n, h->tag_len);
    n += h->tag_len;
    s->count = i + 1;
  }
}

/* ------------------------------------------------------------------ names */

/*
 * Reads a variable name as Puppet allows it after `$` in a string: `(::)?(\w+::)*\w+`.
 * The lexer is at its first character. Returns false (having consumed nothing that counts)
 * when no name starts here. Marks the end after the last complete segment.
 */
static bool scan_variable_name(TSLexer *lexer) {
  bool any = false;
  if (lexer->lookahead == ':') {
    advance(lexer);
    if (lexer->lookahead != ':') return false;
    advance(lexer);
    if (!is_word_char(lexer->lookahead)) return false;
  }
  for (;;) {
    if (!is_word_char(lexer->lookahead)) break;
    while (is_word_char(lexer->lookahead)) advance(lexer);
    any = true;
    lexer->mark_end(lexer);
    if (lexer->lookahead != ':') break;
    advance(lexer);
    if (lexer->lookahead != ':') break;
    advance(lexer);
    if (!is_word_char(lexer->lookahead)) break;
  }
  return any;
}

/*
 * Reads a bare word as it may appear first in `${...}`: a name, a number, or a word with
 * hyphens (`(::)?[\w-]+(::[\w-]+)*`, not ending in `-`). Returns its length in characters
 * (0 if none), and marks the end after it when `mark` is set.
 */
static unsigned scan_interp_word(TSLexer *lexer, bool mark) {
  unsigned len = 0;
  if (lexer->lookahead == ':') {
    advance(lexer);
    if (lexer->lookahead != ':') return 0;
    advance(lexer);
    len += 2;
    if (!is_word_char(lexer->lookahead) ||
        (lexer->lookahead >= 'A' && lexer->lookahead <= 'Z')) return 0;
  } else if (!is_word_char(lexer->lookahead) ||
             (lexer->lookahead >= 'A' && lexer->lookahead <= 'Z')) {
    /* `${Integer}` is a type, not a variable */
    return 0;
  }
  unsigned good = 0;
  for (;;) {
    bool last_was_word = false;
    while (is_word_char(lexer->lookahead) || lexer->lookahead == '-') {
      last_was_word = lexer->lookahead != '-';
      advance(lexer);
      len++;
      if (last_was_word) {
        good = len;
        if (mark) lexer->mark_end(lexer);
      }
    }
    if (!last_was_word || lexer->lookahead != ':') break;
    advance(lexer);
    if (lexer->lookahead != ':') break;
    advance(lexer);
    len += 2;
    if (!is_word_char(lexer->lookahead)) break;
  }
  return good;
}

/* ------------------------------------------------------------------ escapes and `$` */

/* Is `\c` an escape in a double-quoted string? */
static bool dq_escape(int32_t c) {
  return c == '\\' || c == '$' || c == '\'' || c == '"' || c == 'r' || c == 'n' || c == 't' ||
         c == 's' || c == 'u' || c == '\n' || c == '\r';
}

/* Is `\c` an escape in a heredoc with the given flags? */
static bool heredoc_escape(uint8_t flags, int32_t c) {
  if (!(flags & ESC_ANY)) return false;
  switch (c) {
    case '\\': return true;
    case 't': return flags & ESC_T;
    case 'r': return flags & ESC_R;
    case 'n': return flags & ESC_N;
    case 's': return flags & ESC_S;
    case 'u': return flags & ESC_U;
    case '$': return flags & ESC_DOLLAR;
    case '\n':
    case '\r': return flags & ESC_L;
    default: return false;
  }
}

/* The lexer is just past `\` and at an escape's character: consume the rest of it. */
static void finish_escape(TSLexer *lexer) {
  int32_t c = lexer->lookahead;
  advance(lexer);
  if (c == '\r') {
    if (lexer->lookahead == '\n') advance(lexer);
  } else if (c == 'u') {
    if (lexer->lookahead == '{') {
      advance(lexer);
      for (int i = 0; i < 6 && is_hex(lexer->lookahead); i++) advance(lexer);
      if (lexer->lookahead == '}') advance(lexer);
    } else {
      for (int i = 0; i < 4 && is_hex(lexer->lookahead); i++) advance(lexer);
    }
  }
  lexer->mark_end(lexer);
}

/*
 * The lexer is just past `$` (its end marked before it). Produces `${` (deciding between the
 * expression and bare-name forms) or `$name`, or returns false when `$` is literal text.
 */
static bool scan_dollar(Scanner *s, TSLexer *lexer, const bool *valid) {
  if (lexer->lookahead == '{') {
    advance(lexer);
    lexer->mark_end(lexer);
    /* Look ahead: a bare word followed by `}`, `[` (adjacent) or `.` is a variable name;
     * a number followed by `.` is a float (`${2.5 * 2}`), an expression. */
    while (is_blank(lexer->lookahead) || lexer->lookahead == '\n') advance(lexer);
    bool name_form = false;
    bool number = lexer->lookahead >= '0' && lexer->lookahead <= '9';
    if (scan_interp_word(lexer, false) > 0) {
      if (lexer->lookahead == '[') {
        name_form = true;
      } else if (number && lexer->lookahead == '.') {
        name_form = false;
      } else {
        while (is_blank(lexer->lookahead) || lexer->lookahead == '\n') advance(lexer);
        name_form = lexer->lookahead == '}' || lexer->lookahead == '.';
      }
    }
    if (name_form && valid[INTERP_OPEN_NAME]) {
      s->expect_name = true;
      lexer->result_symbol = INTERP_OPEN_NAME;
      return true;
    }
    if (!valid[INTERP_OPEN]) return false;
    lexer->result_symbol = INTERP_OPEN;
    return true;
  }
  if (!valid[INTERP_VARIABLE]) return false;
  if (!scan_variable_name(lexer)) return false;
  lexer->result_symbol = INTERP_VARIABLE;
  return true;
}

/* ------------------------------------------------------------------ string text */

/*
 * Text of a double-quoted string (heredoc == NULL) or of a heredoc body.
 * Stops before `"` (strings), before an escape, before an interpolation, and (heredocs)
 * before the end line. When nothing precedes an escape or interpolation, produces that.
 */
static bool scan_text(Scanner *s, TSLexer *lexer, const bool *valid, Heredoc *heredoc) {
  bool has_content = false;
  bool interpolate = heredoc ? heredoc->interpolate : true;
  TSSymbol content_symbol = heredoc ? HEREDOC_CONTENT : DQ_CONTENT;
  /* Known from the last token when the scanner made it; else asked of the lexer. */
  uint8_t known = s->line_start;
  s->line_start = LINE_START_UNKNOWN;
  bool at_line_start =
      heredoc && (known == LINE_START_UNKNOWN ? lexer->get_column(lexer) == 0
                                              : known == LINE_START_YES);
  /* Whether the character before the lexer's position is a line break, and whether the
     one before the marked end is (for `line_start` after a text token). */
  bool prev_nl = at_line_start;
  bool mark_nl = prev_nl;
#define TEXT_ADVANCE() (prev_nl = lexer->lookahead == '\n', advance(lexer))
#define TEXT_MARK_END() (mark_nl = prev_nl, lexer->mark_end(lexer))
#define TEXT_TOKEN() (s->line_start = heredoc ? (mark_nl ? LINE_START_YES : LINE_START_NO) \
                                              : LINE_START_UNKNOWN, \
                      lexer->result_symbol = content_symbol)

  for (;;) {
    if (heredoc && at_line_start) {
      at_line_start = false;
      /* Is this the end line: blanks, optional `|`, optional `-`, the tag, blanks, EOL? */
      TEXT_MARK_END();
      unsigned consumed = 0;
      while (is_blank(lexer->lookahead)) { TEXT_ADVANCE(); consumed++; }
      if (lexer->lookahead == '|') {
        TEXT_ADVANCE();
        consumed++;
        while (is_blank(lexer->lookahead)) { TEXT_ADVANCE(); consumed++; }
      }
      if (lexer->lookahead == '-') {
        TEXT_ADVANCE();
        consumed++;
        while (is_blank(lexer->lookahead)) { TEXT_ADVANCE(); consumed++; }
      }
      unsigned i = 0;
      while (i < heredoc->tag_len && !lexer->eof(lexer) &&
             lexer->lookahead == (unsigned char)heredoc->tag[i]) {
        TEXT_ADVANCE();
        consumed++;
        i++;
      }
      if (i == heredoc->tag_len) {
        while (lexer->lookahead == ' ' || lexer->lookahead == '\t' || is_blank(lexer->lookahead)) {
          if (lexer->lookahead == '\r') break;
          TEXT_ADVANCE();
        }
        bool at_eol = lexer->eof(lexer) || lexer->lookahead == '\n';
        if (!at_eol && lexer->lookahead == '\r') {
          /* `\r\n` ends the line too; the `\r` stays outside the end token. Text before
             the end line keeps the end marked at the line start. */
          if (!has_content) TEXT_MARK_END();
          TEXT_ADVANCE();
          consumed++;
          if (lexer->lookahead == '\n' || lexer->eof(lexer)) {
            if (has_content) TEXT_TOKEN();
            else lexer->result_symbol = HEREDOC_END;
            return true;
          }
        } else if (at_eol) {
          if (has_content) {
            TEXT_TOKEN();
            return true; /* ends at the line start marked above */
          }
          TEXT_MARK_END();
          lexer->result_symbol = HEREDOC_END;
          return true;
        }
      }
      /* Not the end line: what was read is text. */
      if (consumed > 0) has_content = true;
      continue;
    }

    int32_t c = lexer->lookahead;
    if (lexer->eof(lexer)) break;
    if (!heredoc && c == '"') break;

    if (c == '\\') {
      TEXT_MARK_END();
      TEXT_ADVANCE();
      bool is_escape = heredoc ? heredoc_escape(heredoc->escapes, lexer->lookahead)
                               : dq_escape(lexer->lookahead);
      if (is_escape && !lexer->eof(lexer)) {
        if (has_content) {
          TEXT_TOKEN();
          return true;
        }
        int32_t e = lexer->lookahead;
        finish_escape(lexer);
        /* `\` and a line break (the `L` flag) ends at a line start; `\r` alone does not. */
        s->line_start = !heredoc || e == '\r' ? LINE_START_UNKNOWN
                        : e == '\n'           ? LINE_START_YES
                                               : LINE_START_NO;
        lexer->result_symbol = ESCAPE_SEQUENCE;
        return true;
      }
      /* A backslash that starts no escape is text; what follows it is read as usual
         (so `\$x` in a heredoc without the `$` flag is `\` and then `$x`). */
      has_content = true;
      continue;
    }

    if (c == '$' && interpolate) {
      TEXT_MARK_END();
      TEXT_ADVANCE();
      int32_t n = lexer->lookahead;
      bool starts = n == '{' || is_word_char(n) || n == ':';
      if (starts) {
        if (has_content) {
          TEXT_TOKEN();
          return true;
        }
        if (scan_dollar(s, lexer, valid)) {
          /* `$name`, `${`: the text goes on after it, not at a line start. */
          s->line_start = LINE_START_NO;
          return true;
        }
        /* `$:` not followed by `:name`: literal text; fall through as content */
        has_content = true;
        TEXT_MARK_END();
        continue;
      }
      has_content = true;
      continue;
    }

    TEXT_ADVANCE();
    has_content = true;
    if (c == '\n' && heredoc) at_line_start = true;
  }

  if (!has_content) return false;
  TEXT_MARK_END();
  TEXT_TOKEN();
  return true;
}

#undef TEXT_ADVANCE
#undef TEXT_MARK_END
#undef TEXT_TOKEN

/* ------------------------------------------------------------------ heredoc start */

/* The lexer is past `@(`. Reads `TAG[:syntax][/flags])` and records the heredoc. */
static bool scan_heredoc_start(Scanner *s, TSLexer *lexer) {
  /* A spec longer than this is not a heredoc: give up early, so a line of many `@(` is not
     read once per `@(`. */
  char spec[256];
  unsigned len = 0;
  while (!lexer->eof(lexer) && lexer->lookahead != ')' && lexer->lookahead != '\n') {
    if (len >= sizeof(spec) - 1) return false;
    spec[len++] = (char)(lexer->lookahead < 128 ? lexer->lookahead : '?');
    advance(lexer);
  }
  if (lexer->lookahead != ')') return false;
  advance(lexer);
  lexer->mark_end(lexer);
  spec[len] = 0;

  /* The tag is everything up to `:` or `/`, trimmed; `"tag"` turns interpolation on. */
  unsigned tag_end = 0;
  while (tag_end < len && spec[tag_end] != ':' && spec[tag_end] != '/') tag_end++;
  unsigned a = 0, b = tag_end;
  while (a < b && (spec[a] == ' ' || spec[a] == '\t')) a++;
  while (b > a && (spec[b - 1] == ' ' || spec[b - 1] == '\t')) b--;
  bool interpolate = false;
  if (b - a >= 2 && spec[a] == '"' && spec[b - 1] == '"') {
    interpolate = true;
    a++;
    b--;
    while (a < b && (spec[a] == ' ' || spec[a] == '\t')) a++;
    while (b > a && (spec[b - 1] == ' ' || spec[b - 1] == '\t')) b--;
  }

  uint8_t escapes = 0;
  for (unsigned i = tag_end; i < len; i++) {
    if (spec[i] != '/') continue;
    escapes = ESC_ANY;
    bool any_flag = false;
    for (unsigned j = i + 1; j < len; j++) {
      switch (spec[j]) {
        case 't': escapes |= ESC_T; any_flag = true; break;
        case 'r': escapes |= ESC_R; any_flag = true; break;
        case 'n': escapes |= ESC_N; any_flag = true; break;
        case 's': escapes |= ESC_S; any_flag = true; break;
        case 'u': escapes |= ESC_U; any_flag = true; break;
        case '$': escapes |= ESC_DOLLAR; any_flag = true; break;
        case 'L': escapes |= ESC_L; any_flag = true; break;
        default: break;
      }
    }
    if (!any_flag) escapes = ESC_ANY | ESC_T | ESC_R | ESC_N | ESC_S | ESC_U | ESC_DOLLAR | ESC_L;
    break;
  }

  if (s->count < MAX_HEREDOCS) {
    Heredoc *h = &s->heredocs[s->count++];
    unsigned tl = b - a;
    if (tl > MAX_TAG) tl = MAX_TAG;
    memcpy(h->tag, spec + a, tl);
    h->tag_len = (uint8_t)tl;
    h->interpolate = interpolate;
    h->escapes = escapes;
  }
  lexer->result_symbol = HEREDOC_START;
  return true;
}

/* ------------------------------------------------------------------ comments */

/*
 * The lexer is at `#`. A line comment runs to the end of its line (a NUL ends it too, as `.`
 * does in the grammar's regexes). Line comments separated only by line breaks and blanks are
 * one token: most comments come in runs (documentation headers), and each token costs far more
 * than its characters. The syntax stage splits a run back into its lines. A run stops at a
 * line break when a heredoc's text is pending: the text starts after it.
 */
static bool scan_line_comment(Scanner *s, TSLexer *lexer) {
  bool may_continue = !(s->count > 0 && !s->in_body);
  for (;;) {
    while (lexer->lookahead != '\n' && lexer->lookahead != 0) advance(lexer);
    lexer->mark_end(lexer);
    if (!may_continue || lexer->lookahead != '\n') break;
    while (is_blank(lexer->lookahead) || lexer->lookahead == '\n') advance(lexer);
    if (lexer->lookahead != '#') break;
  }
  lexer->result_symbol = COMMENT;
  return true;
}

/*
 * The lexer is just past the slash and star that open a block comment: a comment up to the
 * first star and slash, or, when the text (or a NUL) ends first, an unclosed comment up to there.
 */
static bool scan_block_comment(TSLexer *lexer) {
  for (;;) {
    int32_t c = lexer->lookahead;
    if (c == 0) {
      lexer->mark_end(lexer);
      lexer->result_symbol = UNCLOSED_COMMENT;
      return true;
    }
    advance(lexer);
    if (c == '*') {
      while (lexer->lookahead == '*') advance(lexer);
      if (lexer->lookahead == '/') {
        advance(lexer);
        lexer->mark_end(lexer);
        lexer->result_symbol = COMMENT;
        return true;
      }
    }
  }
}

/* The word `apply` where an expression may start, followed by `(` on its line (blanks
   between): the start of a call of `apply` or of an apply block. Elsewhere the main lexer reads
   the word as a `name`; the grammar has no keyword `apply` where expressions start, so that
   every such parse state does not get an action for it too. `(` first on the next line starts
   another statement, as after any name. */
static bool scan_apply(TSLexer *lexer) {
  static const char word[] = "apply";
  for (const char *c = word; *c; c++) {
    if (lexer->lookahead != *c) return false;
    advance(lexer);
  }
  /* A longer name (`apply_prep`, `apply-x`, `apply::x`). */
  int32_t next = lexer->lookahead;
  if (is_word_char(next) || next == '-' || next == ':') return false;
  lexer->mark_end(lexer);
  while (is_blank(lexer->lookahead)) advance(lexer);
  if (lexer->lookahead != '(') return false;
  lexer->result_symbol = APPLY;
  return true;
}

/* ------------------------------------------------------------------ entry point */

bool tree_sitter_puppet_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid) {
  Scanner *s = (Scanner *)payload;
  bool recovering = valid[ERROR_SENTINEL];
  if (recovering) recovery_scans++;
  /* What the last token was is known only for the tokens that say so below. */
  uint8_t line_start = s->line_start;
  s->line_start = LINE_START_UNKNOWN;

  /* The bare variable name right after `${`. */
  if (s->expect_name) {
    s->expect_name = false;
    if (valid[INTERP_NAME] && !recovering) {
      while (is_blank(lexer->lookahead) || lexer->lookahead == '\n') skip(lexer);
      if (scan_interp_word(lexer, true) > 0) {
        lexer->result_symbol = INTERP_NAME;
        return true;
      }
      return false;
    }
  }

  /* Inside a heredoc body (but not inside one of its `${...}`). */
  if (s->in_body && s->count > 0 && (valid[HEREDOC_CONTENT] || valid[HEREDOC_END])) {
    Heredoc *h = &s->heredocs[0];
    /* While recovering from an error, the last token may not be the scanner's. */
    s->line_start = recovering ? LINE_START_UNKNOWN : line_start;
    if (scan_text(s, lexer, valid, h)) {
      if (lexer->result_symbol == HEREDOC_END) {
        memmove(&s->heredocs[0], &s->heredocs[1], sizeof(Heredoc) * (s->count - 1));
        s->count--;
        s->in_body = false;
      }
      return true;
    }
    return false;
  }

  /* Inside a double-quoted string. */
  if (valid[DQ_CONTENT] && !recovering) {
    return scan_text(s, lexer, valid, NULL);
  }

  /* Between tokens: blanks, then a comment, a heredoc body's start, `(` first on a line, or
     `@(`. When only a comment can be made here, blanks are not skipped: the main lexer would
     skip them again before any other token, and it reads comments too (more slowly, but most
     of them come where a statement or an expression may start, which is where `(` and `@(` are
     valid). */
  if (!valid[WSLPAREN] && !valid[HEREDOC_START] && !valid[APPLY] &&
      !(valid[HEREDOC_BODY_START] && s->count > 0 && !s->in_body)) {
    if (valid[COMMENT] && lexer->lookahead == '#') return scan_line_comment(s, lexer);
    return false;
  }
  bool newline = false;
  uint32_t blanks = 0;
  for (;;) {
    int32_t c = lexer->lookahead;
    if (is_blank(c)) {
      skip(lexer);
      blanks++;
    } else if (c == '\n') {
      if (s->count > 0 && !s->in_body && valid[HEREDOC_BODY_START]) {
        advance(lexer);
        lexer->mark_end(lexer);
        s->in_body = true;
        s->line_start = LINE_START_YES;
        lexer->result_symbol = HEREDOC_BODY_START;
        return true;
      }
      skip(lexer);
      newline = true;
      blanks = 0;
    } else {
      break;
    }
  }

  /* Comments are extras: valid everywhere, also while recovering from an error. */
  if (valid[COMMENT]) {
    if (lexer->lookahead == '#') return scan_line_comment(s, lexer);
    if (lexer->lookahead == '/') {
      advance(lexer);
      if (lexer->lookahead != '*') return false;
      advance(lexer);
      return scan_block_comment(lexer);
    }
  }

  if (recovering) return false;

  if (lexer->lookahead == '(' && valid[WSLPAREN]) {
    /* First on the line: a line break was crossed, or the blanks skipped here are all
       that precedes `(` on its line. */
    bool first_on_line = newline || lexer->get_column(lexer) == blanks;
    if (first_on_line) {
      advance(lexer);
      lexer->mark_end(lexer);
      lexer->result_symbol = WSLPAREN;
      return true;
    }
    return false;
  }

  if (lexer->lookahead == 'a' && valid[APPLY]) return scan_apply(lexer);

  if (lexer->lookahead == '@' && valid[HEREDOC_START]) {
    advance(lexer);
    if (lexer->lookahead != '(') return false;
    advance(lexer);
    return scan_heredoc_start(s, lexer);
  }

  return false;
}

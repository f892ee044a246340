/**
 * plint's tree-sitter grammar of the Puppet language (Puppet 4 and later, as Puppet 7 parses it).
 *
 * Layers, from loosest to tightest, as Puppet's parser layers them:
 *   statement  ->  assignment (`=`, right-assoc)  ->  relationship (`->` `~>` `<-` `<~`, left)
 *              ->  resource level (declarations, defaults, overrides, collectors)
 *              ->  expression (operators, by precedence)  ->  primary.
 * Definitions (class, define, node, function, type, plan) are statements.
 *
 * The external scanner (src/scanner.c) handles what a context-free lexer cannot: heredocs,
 * the inside of double-quoted strings, `${name}` interpolation, and `(` first on a line; and
 * most comments, which it reads faster.
 */

/* eslint-disable arrow-parens, camelcase */

const PREC = {
  or: 1,
  and: 2,
  selector: 3,
  compare: 4, // < > <= >=
  equality: 5, // == !=
  shift: 6, // << >>
  additive: 7, // + -
  multiplicative: 8, // * / %
  match: 9, // =~ !~
  in: 10,
  unary_minus: 11,
  splat: 12,
  not: 13,
  collect: 14,
  access: 15,
  dot: 16,
  call: 17,
};

// Functions that Puppet calls without parentheses when they start a statement.
const STATEMENT_FUNCTIONS = [
  'include', 'require', 'contain', 'realize', 'tag',
  'debug', 'info', 'notice', 'warning', 'err', 'fail',
  'import', 'break', 'next', 'return',
];

// Keywords, usable as attribute names.
const KEYWORDS = [
  'and', 'case', 'class', 'default', 'define', 'else', 'elsif', 'if', 'in', 'inherits',
  'node', 'or', 'undef', 'unless', 'type', 'attr', 'function', 'private',
];

const commaSep1 = (rule) => seq(rule, repeat(seq(',', rule)));
const commaSepTrailing = (rule) => optional(seq(commaSep1(rule), optional(',')));
// Attribute operations as Puppet reads them: the list may also start with a comma
// (`file { $d:, ensure => directory }`), or be a lone comma (`File { , }`), but not `, ,`.
const attributeList = (rule) => optional(choice(
  ',',
  seq(optional(','), commaSep1(rule), optional(',')),
));

module.exports = grammar({
  name: 'puppet',

  externals: $ => [
    $._heredoc_start, // @(TAG:syntax/flags)
    $._heredoc_body_start, // the newline after which a pending heredoc's text begins
    $._heredoc_content,
    $.heredoc_end,
    $._dq_content,
    $.escape_sequence,
    $._interp_variable, // `$name` inside a string
    $._interp_open, // `${` followed by an expression
    $._interp_open_name, // `${` followed by a variable name written without `$`
    $._interp_name, // that name
    $._wslparen, // `(` first on a line: never a call
    // Comments, also defined below: the scanner reads them where it skips blanks anyway (see
    // src/scanner.c), the generated lexer elsewhere.
    $.comment,
    $.unclosed_comment,
    $._apply, // the word `apply` followed by `(` on its line: a call or an apply block
    $._error_sentinel,
  ],

  extras: $ => [
    /[ \t\r\n\f\v\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/,
    $.comment,
    $.unclosed_comment,
    $.heredoc_body,
  ],

  word: $ => $.name,

  // Hidden choice rules that only pass a node through are inlined: each would otherwise be a
  // reduction (a parse action, a node allocation, a cursor step) per statement or expression on
  // every layer (a parse of the real corpus: 22% fewer instructions, the same trees).
  // `_statement` stays: inlined, `include a; b` becomes ambiguous.
  inline: $ => [
    $._open_paren, $._attribute_operation, $._access_argument, $._argument,
    $._assignment_level, $._relationship_level, $._resource_level,
    $._expression, $._primary, $._type_expression, $._definition_name, $._hostname,
    $._attribute_name, $._string_part,
  ],

  conflicts: $ => [],

  rules: {
    source_file: $ => optional($._statements),

    // `;` may separate statements, but not lead, trail or repeat (as Puppet parses them).
    _statements: $ => seq($._statement, repeat(seq(optional(';'), $._statement))),

    _statement: $ => choice(
      $._assignment_level,
      $.statement_call,
      $.class_definition,
      $.define_definition,
      $.node_definition,
      $.function_definition,
      $.type_alias,
      $.type_definition,
      $.plan_definition,
    ),

    block: $ => seq('{', optional($._statements), '}'),

    // ---------------------------------------------------------------- definitions

    class_definition: $ => seq(
      'class',
      field('name', $._definition_name),
      optional(field('parameters', $.parameter_list)),
      optional(seq('inherits', field('parent', choice($._definition_name, $.default)))),
      field('body', $.block),
    ),

    define_definition: $ => seq(
      'define',
      field('name', $._definition_name),
      optional(field('parameters', $.parameter_list)),
      field('body', $.block),
    ),

    plan_definition: $ => seq(
      'plan',
      field('name', $._definition_name),
      optional(field('parameters', $.parameter_list)),
      field('body', $.block),
    ),

    function_definition: $ => seq(
      'function',
      field('name', $._definition_name),
      optional(field('parameters', $.parameter_list)),
      optional(seq('>>', field('return_type', $._type_expression))),
      field('body', $.block),
    ),

    _definition_name: $ => choice($.name, $.type_reference),

    node_definition: $ => seq(
      'node',
      field('names', $.node_names),
      optional(seq('inherits', field('parent', $._hostname))),
      field('body', $.block),
    ),
    node_names: $ => seq(commaSep1($._hostname), optional(',')),
    _hostname: $ => choice(
      $.hostname,
      $.single_quoted_string,
      $.double_quoted_string,
      $.regex,
      $.default,
    ),
    hostname: $ => seq(
      choice($.name, $.number),
      repeat(seq('.', choice($.name, $.number))),
    ),

    type_alias: $ => seq(
      'type',
      field('name', $._type_expression),
      '=',
      field('type', choice(
        $._expression,
        $.object_type,
      )),
    ),
    // `Object { attributes => ... }`: a type followed by its initialization hash.
    object_type: $ => prec(1, seq(field('type', $.type_reference), field('body', $.hash))),

    type_definition: $ => seq(
      'type',
      field('name', $.type_reference),
      optional(seq('inherits', field('parent', $.type_reference))),
      field('body', $.block),
    ),

    parameter_list: $ => seq(
      $._open_paren,
      commaSepTrailing($.parameter),
      ')',
    ),

    parameter: $ => seq(
      optional(field('type', $._type_expression)),
      optional(field('captures_rest', '*')),
      field('name', $.variable),
      optional(seq('=', field('default', $._expression))),
    ),

    // A type in a parameter or return position: `Integer` or `Hash[String, Integer]`.
    _type_expression: $ => choice($.type_reference, alias($.type_access, $.access)),
    type_access: $ => seq(
      field('object', $.type_reference),
      token.immediate('['),
      commaSepTrailing(field('argument', $._access_argument)),
      ']',
    ),

    // ---------------------------------------------------------------- statements

    statement_call: $ => prec.right(1, seq(
      field('function', alias(choice(...STATEMENT_FUNCTIONS), $.name)),
      field('arguments', alias($._statement_arguments, $.argument_list)),
    )),
    _statement_arguments: $ => prec.right(commaSep1($._assignment_level)),

    _assignment_level: $ => choice($.assignment, $._relationship_level),

    assignment: $ => prec.right(seq(
      field('left', $._relationship_level),
      field('operator', choice('=', '+=', '-=')),
      field('right', $._assignment_level),
    )),

    _relationship_level: $ => choice($.relationship, $._resource_level),

    relationship: $ => prec.left(seq(
      field('left', $._relationship_level),
      field('operator', choice('->', '~>', '<-', '<~')),
      field('right', $._resource_level),
    )),

    _resource_level: $ => choice(
      $.resource_declaration,
      $.resource_defaults,
      $.resource_override,
      $.collector,
      $._expression,
    ),

    // ---------------------------------------------------------------- resources

    resource_declaration: $ => prec(1, seq(
      optional(field('form', choice('@', '@@'))),
      field('type', choice(
        $.name,
        alias('class', $.name),
        $.type_reference,
        $.access,
        $.variable,
        $.single_quoted_string,
        $.double_quoted_string,
      )),
      '{',
      $._resource_bodies,
      '}',
    )),
    _resource_bodies: $ => seq(
      field('body', $.resource_body),
      repeat(seq(';', field('body', $.resource_body))),
      optional(';'),
    ),
    resource_body: $ => seq(
      field('title', $._expression),
      ':',
      attributeList(field('attribute', $._attribute_operation)),
    ),

    resource_defaults: $ => prec(1, seq(
      field('type', $.type_reference),
      '{',
      attributeList(field('attribute', $._attribute_operation)),
      '}',
    )),

    resource_override: $ => prec(1, seq(
      field('reference', choice($.access, $.variable)),
      '{',
      attributeList(field('attribute', $._attribute_operation)),
      '}',
    )),

    collector: $ => prec.right(seq(
      field('type', $.type_reference),
      choice(
        seq(field('kind', '<|'), optional(field('query', $._expression)), '|>'),
        seq(field('kind', '<<|'), optional(field('query', $._expression)), '|>>'),
      ),
      optional(seq(
        '{',
        attributeList(field('attribute', $._attribute_operation)),
        '}',
      )),
    )),

    _attribute_operation: $ => choice($.attribute, $.attribute_splat),
    attribute: $ => seq(
      field('name', $._attribute_name),
      field('operator', choice('=>', '+>')),
      field('value', $._expression),
    ),
    attribute_splat: $ => seq('*', '=>', field('value', $._expression)),
    _attribute_name: $ => choice(
      $.name,
      alias(choice(...KEYWORDS, 'plan', 'apply', ...STATEMENT_FUNCTIONS), $.name),
    ),

    // ---------------------------------------------------------------- expressions

    _expression: $ => choice(
      $.binary_expression,
      $.unary_expression,
      $.selector,
      $._primary,
    ),

    binary_expression: $ => {
      const table = [
        [PREC.or, 'or'],
        [PREC.and, 'and'],
        [PREC.compare, choice('<', '>', '<=', '>=')],
        [PREC.equality, choice('==', '!=')],
        [PREC.shift, choice('<<', '>>')],
        [PREC.additive, choice('+', '-')],
        [PREC.multiplicative, choice('*', token(prec(1, '/')), '%')],
        [PREC.match, choice('=~', '!~')],
        [PREC.in, 'in'],
      ];
      return choice(...table.map(([p, op]) => prec.left(p, seq(
        field('left', $._expression),
        field('operator', op),
        field('right', $._expression),
      ))));
    },

    unary_expression: $ => choice(
      prec(PREC.unary_minus, seq(field('operator', '-'), field('operand', $._expression))),
      prec(PREC.splat, seq(field('operator', '*'), field('operand', $._expression))),
      prec.right(PREC.not, seq(field('operator', '!'), field('operand', $._expression))),
    ),

    selector: $ => prec.left(PREC.selector, seq(
      field('value', $._expression),
      '?',
      '{',
      commaSepTrailing(field('entry', $.selector_entry)),
      '}',
    )),
    selector_entry: $ => seq(
      field('match', $._expression),
      '=>',
      field('value', $._expression),
    ),

    _primary: $ => choice(
      $.variable,
      alias($._interp_name, $.variable),
      $.name,
      // Statement functions are keywords only where a statement starts; elsewhere, names.
      alias(choice(...STATEMENT_FUNCTIONS), $.name),
      $.type_reference,
      $.number,
      $.boolean,
      $.undef,
      $.default,
      $.regex,
      $.single_quoted_string,
      $.double_quoted_string,
      $.heredoc,
      $.array,
      $.hash,
      $.parenthesized_expression,
      $.access,
      $.function_call,
      $.method_call,
      $.if_expression,
      $.unless_expression,
      $.case_expression,
      // `apply` is a keyword of Bolt plans only (`--tasks`); elsewhere it is a name. The
      // scanner makes `_apply` of it where a call's `(` follows, so the word stays a `name`
      // (as a keyword in every place an expression may start, it doubled the parse states).
      $.apply_expression,
      $.reserved_word,
    ),

    parenthesized_expression: $ => seq($._open_paren, $._assignment_level, ')'),
    _open_paren: $ => choice('(', alias($._wslparen, '(')),

    access: $ => prec(PREC.access, seq(
      field('object', $._expression),
      token.immediate('['),
      commaSepTrailing(field('argument', $._access_argument)),
      ']',
    )),
    _access_argument: $ => choice($._expression, $.pair),

    function_call: $ => prec.left(PREC.call, seq(
      field('function', choice(
        $.name,
        $.type_reference,
        alias(choice('type', ...STATEMENT_FUNCTIONS), $.name),
        alias($._apply, $.name),
      )),
      field('arguments', $.argument_list),
      optional(field('lambda', $.lambda)),
    )),

    // Higher than a parenthesized expression: `notice ($x)` is a call, not `notice` of `($x)`.
    argument_list: $ => prec(1, seq('(', commaSepTrailing($._argument), ')')),
    _argument: $ => choice($._assignment_level, $.pair),

    method_call: $ => prec.right(PREC.dot, seq(
      field('object', $._expression),
      '.',
      field('method', choice($.name, alias('type', $.name))),
      optional(field('arguments', $.argument_list)),
      optional(field('lambda', $.lambda)),
    )),

    // `apply(targets, options) { ... }` of a Bolt plan: the block is compiled to a catalog for
    // each target. Puppet has it with `--tasks`; without, the same text is a call and a hash.
    // Puppet wants at least one argument; the AST reports `apply() { }`.
    apply_expression: $ => prec(PREC.call + 1, seq(
      alias($._apply, 'apply'),
      field('arguments', $.argument_list),
      field('body', $.block),
    )),

    lambda: $ => seq(
      field('parameters', $.lambda_parameters),
      optional(seq('>>', field('return_type', $._type_expression))),
      field('body', $.block),
    ),

    lambda_parameters: $ => seq('|', commaSepTrailing($.parameter), '|'),

    if_expression: $ => seq(
      'if',
      field('condition', $._expression),
      field('consequence', $.block),
      repeat(field('alternative', $.elsif_clause)),
      optional(field('alternative', $.else_clause)),
    ),
    elsif_clause: $ => seq(
      'elsif',
      field('condition', $._expression),
      field('consequence', $.block),
    ),
    else_clause: $ => seq('else', field('body', $.block)),

    unless_expression: $ => seq(
      'unless',
      field('condition', $._expression),
      field('consequence', $.block),
      optional(field('alternative', $.else_clause)),
    ),

    case_expression: $ => seq(
      'case',
      field('value', $._expression),
      '{',
      repeat(field('option', $.case_option)),
      '}',
    ),
    case_option: $ => seq(
      commaSep1(field('match', $._expression)),
      ':',
      field('body', $.block),
    ),

    array: $ => seq(
      '[',
      commaSepTrailing(choice($._assignment_level, $.pair, alias(choice('type', 'function'), $.name))),
      ']',
    ),

    hash: $ => seq(
      '{',
      commaSepTrailing(field('entry', $.pair)),
      '}',
    ),
    pair: $ => seq(
      field('key', choice($._assignment_level, alias(choice('type', 'function'), $.name))),
      '=>',
      field('value', choice($._assignment_level, alias(choice('type', 'function'), $.name))),
    ),

    reserved_word: $ => choice('attr', 'private'),

    // ---------------------------------------------------------------- strings

    single_quoted_string: $ => token(seq("'", repeat(choice(/[^'\\]+/, /\\(.|\n)/)), "'")),

    double_quoted_string: $ => seq(
      '"',
      repeat($._string_part),
      '"',
    ),
    _string_part: $ => choice(
      alias($._dq_content, $.string_content),
      $.escape_sequence,
      alias($._interp_variable, $.variable),
      $.interpolation,
    ),

    interpolation: $ => choice(
      seq(alias($._interp_open, '${'), $._assignment_level, '}'),
      seq(alias($._interp_open_name, '${'), $._expression, '}'),
    ),

    heredoc: $ => $._heredoc_start,

    heredoc_body: $ => seq(
      $._heredoc_body_start,
      repeat(choice(
        alias($._heredoc_content, $.string_content),
        $.escape_sequence,
        alias($._interp_variable, $.variable),
        $.interpolation,
      )),
      $.heredoc_end,
    ),

    // ---------------------------------------------------------------- tokens

    variable: $ => /\$(::)?([A-Za-z0-9_]+::)*[A-Za-z0-9_]+/,

    // A bare word: a name (`foo`, `foo::bar`, `::foo`) or, with a hyphen or a leading
    // underscore, a word that is a string (`foo-bar`, `_x`). The AST tells them apart.
    name: $ => /(::)?[a-z_]([A-Za-z0-9_-]*[A-Za-z0-9_])?(::[a-z_]([A-Za-z0-9_-]*[A-Za-z0-9_])?)*/,

    // Lower-case segments after the first (`Foo::bar`) are an error the AST reports.
    type_reference: $ => /(::)?[A-Z][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*/,

    // Digits followed by letters (`12abc`, `0x`, `08`) are one token, for the AST to report.
    number: $ => token(choice(
      /[0-9][0-9A-Za-z_]*/,
      /[0-9]+\.[0-9]+([eE]-?[0-9]+)?/,
      /[0-9]+[eE]-[0-9]+/,
    )),

    boolean: $ => choice('true', 'false'),
    undef: $ => 'undef',
    default: $ => 'default',

    // Allowed to span lines, with `\/` for a slash. Divide wins where both are valid.
    regex: $ => token(seq('/', repeat(choice(/[^\/\\\n]/, /\n/, /\\(.|\n)/)), '/')),

    // `# ...` to the end of its line, or `/* ... */`. Where the external scanner reads comments
    // (wherever it skips blanks for its own tokens), a run of line comments separated only by
    // line breaks and blanks is one `comment`: each token costs much more than its characters.
    // `/*` always starts a comment, never a regex (as Puppet's lexer decides).
    comment: $ => token(choice(
      seq('#', /.*/),
      prec(2, seq('/*', /[^*]*\*+([^\/*][^*]*\*+)*/, '/')),
    )),
    // `/*` with no `*/` after it: runs to the end of the file.
    unclosed_comment: $ => token(prec(1, seq('/*', /([^*]|\*+[^*\/])*\**/))),
  },
});

-- A real editor as plint lsp's client (tests/lsp.rs): Neovim, headless, opens the file named
-- by $PLINT_FILE in a workspace at $PLINT_ROOT, starts `$PLINT lsp` for it, waits for the
-- diagnostics, and writes them to $PLINT_OUT as lines `line:column code message` (0-based
-- line and column, as Neovim keeps them). Then it makes the requests $PLINT_REQUESTS lists
-- (`METHOD LINE COLUMN`, separated by commas; 0-based) and writes each answer as a line:
-- `hover LINE:COLUMN` and the hover's first line, `definition LINE:COLUMN` and the
-- definition's file (relative to $PLINT_ROOT) and 0-based line, `references LINE:COLUMN` and
-- the references' files and lines (the declaration included), `codeAction LINE:COLUMN` and the
-- titles of the actions at the position, `formatting LINE:COLUMN` and the formatted text's
-- lines as Neovim applies the edits (`|` for a line break), `completion LINE:COLUMN` and the
-- labels of the items offered, in order. Written
-- for Neovim 0.7 (Debian 12's), whose API is `vim.lsp.start_client`.
local out = assert(io.open(os.getenv('PLINT_OUT'), 'w'))
vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('PLINT_FILE')))
local buf = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({
  name = 'plint',
  cmd = { os.getenv('PLINT'), 'lsp' },
  root_dir = os.getenv('PLINT_ROOT'),
})
if not client then
  out:write('no client\n')
  out:close()
  vim.cmd('qall!')
end
vim.lsp.buf_attach_client(buf, client)
local found = vim.wait(30000, function()
  return #vim.diagnostic.get(buf) > 0
end, 50)
if not found then
  out:write('no diagnostics\n')
end
local diags = vim.diagnostic.get(buf)
local function code_of(d)
  return tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or '?')
end
table.sort(diags, function(a, b)
  if a.lnum ~= b.lnum then return a.lnum < b.lnum end
  if a.col ~= b.col then return a.col < b.col end
  return code_of(a) < code_of(b)
end)
for _, d in ipairs(diags) do
  out:write(string.format('%d:%d %s %s\n', d.lnum, d.col, code_of(d), d.message:match('^[^\n]*')))
end
local root = os.getenv('PLINT_ROOT')
for request in string.gmatch(os.getenv('PLINT_REQUESTS') or '', '[^,]+') do
  local method, line, col = request:match('^%s*(%a+) (%d+) (%d+)%s*$')
  local at = { line = tonumber(line), character = tonumber(col) }
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(buf),
    position = at,
  }
  if method == 'references' then
    params.context = { includeDeclaration = true }
  elseif method == 'codeAction' then
    params = { textDocument = params.textDocument, range = { start = at, ['end'] = at },
      context = { diagnostics = {} } }
  elseif method == 'formatting' then
    params = { textDocument = params.textDocument, options = { tabSize = 2, insertSpaces = true } }
  end
  local answers = vim.lsp.buf_request_sync(buf, 'textDocument/' .. method, params, 20000) or {}
  local answer = answers[client] and answers[client].result
  local said = 'nothing'
  if answer and method == 'hover' then
    said = answer.contents.value:gsub('^```puppet\n', ''):match('^[^\n]*')
  elseif answer and method == 'definition' then
    local path = vim.uri_to_fname(answer.uri)
    said = path:sub(#root + 2) .. ':' .. answer.range.start.line
  elseif answer and method == 'references' then
    local places = {}
    for _, l in ipairs(answer) do
      table.insert(places, vim.uri_to_fname(l.uri):sub(#root + 2) .. ':' .. l.range.start.line)
    end
    table.sort(places)
    said = table.concat(places, ' ')
  elseif answer and method == 'codeAction' then
    local titles = {}
    for _, a in ipairs(answer) do table.insert(titles, a.title) end
    said = table.concat(titles, '; ')
  elseif answer and method == 'completion' then
    local labels = {}
    for _, i in ipairs(answer.items or answer) do table.insert(labels, i.label) end
    said = table.concat(labels, ' ')
  elseif answer and method == 'formatting' then
    vim.lsp.util.apply_text_edits(answer, buf, 'utf-16')
    said = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '|')
  end
  out:write(string.format('%s %s:%s %s\n', method, line, col, said))
end
out:close()
vim.lsp.stop_client(client)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client) == nil end, 50)
vim.cmd('qall!')

-- Driven by Scripts/nvim-lsp-check.sh: Neovim's built-in LSP client against flow-lsp.
-- Uses only APIs Neovim 0.7 has (Debian bookworm ships 0.7.2): vim.lsp.start_client and
-- vim.lsp.buf_attach_client (vim.lsp.start came in 0.8), buf_request_sync, util.apply_workspace_edit.
-- Every step has a timeout; any failure writes "nvim-lsp-check: FAIL: ..." to stderr and quits
-- with status 1.

local server = os.getenv('FLOW_LSP')
local root = os.getenv('FLOW_PROJECT')
local TIMEOUT = tonumber(os.getenv("FLOW_LSP_TIMEOUT") or "15000")

local function fail(message)
  io.stderr:write('nvim-lsp-check: FAIL: ' .. message .. '\n')
  vim.cmd('cquit 1')
end

local function check(condition, message)
  if not condition then error(message, 0) end
end

local raw = {}  -- the last publishDiagnostics params per URI, as the server sent them (UTF-16)

local function run()
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/main.flow'))
  local bufnr = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(bufnr)
  local client_id = vim.lsp.start_client({
    name = 'flow-lsp',
    cmd = { server },
    root_dir = root,
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
        raw[result.uri] = result
        return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      end,
    },
  })
  check(client_id, 'vim.lsp.start_client did not start ' .. server)
  check(vim.lsp.buf_attach_client(bufnr, client_id), 'buf_attach_client failed')
  local client = vim.lsp.get_client_by_id(client_id)

  -- 1. The typo's diagnostic, on the line with CJK text and an emoji before it.
  check(vim.wait(TIMEOUT, function() return raw[uri] ~= nil and #raw[uri].diagnostics > 0 end, 20),
        'no diagnostics for main.flow within ' .. TIMEOUT .. ' ms')
  local d = raw[uri].diagnostics[1]
  check(d.code == 'FL0102', 'diagnostic code ' .. tostring(d.code) .. ', expected FL0102')
  check(d.message == "unknown state 'aks'", 'diagnostic message: ' .. d.message)
  check(d.range.start.line == 14 and d.range.start.character == 52 and d.range['end'].character == 55,
        string.format('diagnostic at %d:%d-%d (UTF-16), expected 14:52-55',
                      d.range.start.line, d.range.start.character, d.range['end'].character))
  -- The client turned the UTF-16 column into the byte column of "aks".
  local shown = vim.diagnostic.get(bufnr)[1]
  local line15 = vim.api.nvim_buf_get_lines(bufnr, 14, 15, false)[1]
  check(shown and shown.col == (string.find(line15, 'aks', 1, true) - 1),
        'vim.diagnostic column ' .. tostring(shown and shown.col) .. ' is not the byte column of aks')
  print(string.format('diagnostic: %s %s at line %d, UTF-16 column %d (byte column %d)',
                      d.code, d.message, d.range.start.line + 1, d.range.start.character, shown.col))

  -- 2. The code action fixes it.
  local actions = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', {
    textDocument = { uri = uri }, range = d.range, context = { diagnostics = { d } },
  }, TIMEOUT)
  local action = actions and actions[client_id] and actions[client_id].result and actions[client_id].result[1]
  check(action, 'no code action for the typo')
  check(action.title == "Change to 'ask'", 'code action title: ' .. tostring(action.title))
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  line15 = vim.api.nvim_buf_get_lines(bufnr, 14, 15, false)[1]
  check(string.find(line15, '-> ask }', 1, true), 'after the code action line 15 is: ' .. line15)
  check(vim.wait(TIMEOUT, function() return raw[uri] and #raw[uri].diagnostics == 0 end, 20),
        'diagnostics not cleared after the fix (incremental didChange)')
  print('code action: ' .. action.title .. '; diagnostics cleared')

  -- 3. Rename the state `check` (its declaration on line 7) to `verify`.
  local renamed = vim.lsp.buf_request_sync(bufnr, 'textDocument/rename', {
    textDocument = { uri = uri }, position = { line = 6, character = 9 }, newName = 'verify',
  }, TIMEOUT)
  local edit = renamed and renamed[client_id] and renamed[client_id].result
  check(edit and edit.changes and edit.changes[uri], 'rename returned no edit: ' .. vim.inspect(renamed))
  check(#edit.changes[uri] == 4, 'rename edits: ' .. #edit.changes[uri] .. ', expected 4')
  vim.lsp.util.apply_workspace_edit(edit, client.offset_encoding)
  local text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
  check(string.find(text, 'start -> verify', 1, true) and string.find(text, 'state verify {', 1, true)
        and not string.find(text, 'check', 1, true), 'after the rename the buffer still says check')
  check(vim.wait(TIMEOUT, function() return raw[uri] and #raw[uri].diagnostics == 0 end, 20),
        'diagnostics after the rename')
  print('rename: check -> verify, 4 edits')

  -- 4. Hover on `authorized` (line 9).
  local hovers = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', {
    textDocument = { uri = uri }, position = { line = 8, character = 8 },
  }, TIMEOUT)
  local hover = hovers and hovers[client_id] and hovers[client_id].result
  check(hover and hover.contents and type(hover.contents.value) == 'string', 'no hover on authorized')
  check(string.find(hover.contents.value, 'Status class `granted`', 1, true), 'hover text: ' .. hover.contents.value)
  print('hover: ' .. vim.split(hover.contents.value, '\n')[1])

  -- 5. Completion after `->` on line 10 (`notDetermined      -> prime`).
  local completions = vim.lsp.buf_request_sync(bufnr, 'textDocument/completion', {
    textDocument = { uri = uri }, position = { line = 9, character = 28 },
  }, TIMEOUT)
  local result = completions and completions[client_id] and completions[client_id].result
  local labels = {}
  for _, item in ipairs(result and (result.items or result) or {}) do table.insert(labels, item.label) end
  local joined = table.concat(labels, ',')
  check(joined == 'verify,prime,ask,explain,settings,done', 'completion after ->: ' .. joined)
  print('completion: ' .. joined)

  vim.lsp.stop_client(client_id)
  vim.wait(TIMEOUT, function() return vim.lsp.client_is_stopped(client_id) end, 20)
  print('nvim-lsp-check: OK')
  vim.cmd('qall!')
end

local ok, err = pcall(run)
if not ok then fail(tostring(err)) end

-- Driven by Scripts/nvim-lsp-check.sh: the Neovim files users install (Editors/nvim: plugin/,
-- syntax/, indent/), loaded as a user's config loads them, on Neovim 0.7 (Debian bookworm's).
-- Checks that a .flow buffer gets the permissionflow filetype, flow-lsp attached, 'omnifunc' set to
-- the LSP omnifunc and that calling it completes state names after "->", the syntax file's
-- highlighting, and that reindenting every example flow (gg=G) changes nothing.

local server = os.getenv('FLOW_LSP')
local root = os.getenv('FLOW_PROJECT')
local repository = os.getenv('FLOW_REPOSITORY')
local TIMEOUT = tonumber(os.getenv("FLOW_LSP_TIMEOUT") or "15000")

local function check(condition, message)
  if not condition then error(message, 0) end
end

local function run()
  vim.opt.runtimepath:append(repository .. '/Editors/nvim')
  vim.cmd('filetype plugin indent on')
  vim.cmd('syntax on')
  vim.g.flow_lsp_cmd = server
  vim.cmd('runtime! plugin/flow-lsp.lua')

  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/main.flow'))
  local bufnr = vim.api.nvim_get_current_buf()
  check(vim.bo.filetype == 'permissionflow', "filetype '" .. vim.bo.filetype .. "', expected permissionflow")
  check(vim.bo.omnifunc == 'v:lua.vim.lsp.omnifunc', "omnifunc '" .. vim.bo.omnifunc .. "'")
  check(vim.b.current_syntax == 'permissionflow', 'syntax/permissionflow.vim was not loaded')
  check(vim.bo.indentexpr == 'PermissionFlowIndent(v:lnum)', "indentexpr '" .. vim.bo.indentexpr .. "'")
  -- Line 6 is "  start -> check": `start` is a keyword, `check` after `->` plain.
  local name = vim.fn.synIDattr(vim.fn.synID(6, 3, 1), 'name')
  check(name == 'flowKeyword', "'start' on line 6 is highlighted as '" .. name .. "', expected flowKeyword")
  name = vim.fn.synIDattr(vim.fn.synID(15, 19, 1), 'name')
  check(name == 'flowString', "the title on line 15 is highlighted as '" .. name .. "', expected flowString")
  check(vim.wait(TIMEOUT, function() return #vim.lsp.buf_get_clients(bufnr) > 0 end, 20),
        'the plugin did not attach flow-lsp within ' .. TIMEOUT .. ' ms')

  -- Completion through 'omnifunc', as <C-x><C-o> calls it: after "-> " on line 17 the server
  -- offers the flow's states. The LSP omnifunc completes only in insert mode (vim.fn.mode()) and
  -- shows its items with vim.fn.complete(); both are stood in for, headless.
  vim.api.nvim_win_set_cursor(0, { 17, 32 })  -- "  state ask { request camera -> |check }"
  local items
  local mode, complete = vim.fn.mode, vim.fn.complete
  vim.fn.mode = function() return 'i' end
  vim.fn.complete = function(_, matches) items = matches end
  local omnifunc = vim.bo.omnifunc:gsub('^v:lua%.', '')
  local fn = vim
  for part in omnifunc:gmatch('[^.]+') do if part ~= 'vim' then fn = fn[part] end end
  fn(1, '')
  fn(0, '')
  local arrived = vim.wait(TIMEOUT, function() return items ~= nil end, 20)
  vim.fn.mode, vim.fn.complete = mode, complete
  check(arrived, "'omnifunc' completed nothing within " .. TIMEOUT .. ' ms')
  local words = {}
  for _, item in ipairs(items) do words[item.word] = true end
  check(words['check'] and words['explain'] and words['settings'],
        "'omnifunc' completion after '->' lacks the flow's states: " .. vim.inspect(vim.tbl_keys(words)))
  io.stdout:write(string.format('nvim-config-check: omnifunc completes %d items after "->"\n', #items))

  -- Reindenting every example flow changes nothing (flowfmt's layout).
  local files = vim.fn.globpath(repository .. '/flows', '*.flow', false, true)
  check(#files > 10, 'no example flows under ' .. repository .. '/flows')
  for _, file in ipairs(files) do
    vim.cmd('edit! ' .. vim.fn.fnameescape(file))
    local before = vim.api.nvim_buf_get_lines(0, 0, -1, false)
    vim.cmd('silent normal! gg=G')
    local after = vim.api.nvim_buf_get_lines(0, 0, -1, false)
    for i = 1, #before do
      check(before[i] == after[i], string.format('gg=G changes %s:%d: %q becomes %q', file, i, before[i], after[i]))
    end
    vim.cmd('edit! ' .. vim.fn.fnameescape(file))
  end
  io.stdout:write(string.format('nvim-config-check: gg=G keeps the indentation of %d example flows\n', #files))
end

local ok, err = pcall(run)
if ok then
  io.stdout:write('nvim-config-check: OK\n')
  vim.cmd('qall!')
else
  io.stderr:write('nvim-config-check: FAIL: ' .. tostring(err) .. '\n')
  vim.cmd('cquit 1')
end

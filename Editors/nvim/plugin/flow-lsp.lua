-- flow-lsp for Neovim's built-in LSP client. Editors/nvim is a plugin directory: add it to
-- 'runtimepath' (`vim.opt.runtimepath:append('/path/to/Editors/nvim')`, or copy plugin/, syntax/
-- and indent/ into ~/.config/nvim/) and this file sets the `permissionflow` filetype for *.flow,
-- whose syntax and indent files are beside it, and starts flow-lsp for it. Works with Neovim 0.7
-- (vim.lsp.start_client, as Debian bookworm ships 0.7.2) and 0.8+ (vim.lsp.start, which reuses
-- one client per root). Set vim.g.flow_lsp_cmd to the server's path if `flow-lsp` is not on PATH.

local function root_of(path)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  for _, marker in ipairs({ '.flowlint', 'flowlint.json', '.git' }) do
    local found = vim.fn.finddir(marker, dir .. ';')
    if found == '' then found = vim.fn.findfile(marker, dir .. ';') end
    if found ~= '' then return vim.fn.fnamemodify(found, ':p:h:h') end
  end
  return dir
end

local clients = {}  -- root -> client id, for Neovim 0.7

local function start(bufnr)
  local root = root_of(vim.api.nvim_buf_get_name(bufnr))
  local config = {
    name = 'flow-lsp',
    cmd = { vim.g.flow_lsp_cmd or 'flow-lsp' },
    root_dir = root,
  }
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = bufnr })
    return
  end
  local id = clients[root]
  if not id or vim.lsp.client_is_stopped(id) then
    id = vim.lsp.start_client(config)
    clients[root] = id
  end
  if id then vim.lsp.buf_attach_client(bufnr, id) end
end

vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = '*.flow',
  callback = function(args) vim.bo[args.buf].filetype = 'permissionflow' end,
})
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'permissionflow',
  callback = function(args)
    vim.bo[args.buf].commentstring = '// %s'
    -- Completion with <C-x><C-o>: Neovim 0.8+ sets this when a client attaches, 0.7 does not.
    vim.bo[args.buf].omnifunc = 'v:lua.vim.lsp.omnifunc'
    start(args.buf)
  end,
})

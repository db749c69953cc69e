" Vim/Neovim indentation for PermissionFlow .flow files (filetype permissionflow): two spaces per
" open brace, as flowfmt lays files out (Grammar.md, "Canonical layout"); a line that starts with
" a closing brace goes back one level. Braces in strings ("{app}") and comments do not count.
" Alignment inside a line (arm and alert columns) is flowfmt's job: run it on save.
if exists('b:did_indent')
  finish
endif
let b:did_indent = 1

setlocal autoindent expandtab shiftwidth=2 softtabstop=2
setlocal indentexpr=PermissionFlowIndent(v:lnum)
setlocal indentkeys=0{,0},!^F,o,O
let b:undo_indent = 'setlocal autoindent< expandtab< shiftwidth< softtabstop< indentexpr< indentkeys<'

if exists('*PermissionFlowIndent')
  finish
endif

" The line without its strings and its // comment.
function! s:Strip(line) abort
  let code = substitute(a:line, '"\%([^"\\]\|\\.\)*\%("\|$\)', '""', 'g')
  return substitute(code, '//.*$', '', '')
endfunction

" The line's code: no strings, no comments.
function! s:Code(line) abort
  return substitute(substitute(s:Strip(a:line), '/\*.\{-}\*/', '', 'g'), '/\*.*$', '', '')
endfunction

" Whether line lnum starts inside a /* */ comment that an earlier line opened.
function! s:InComment(lnum) abort
  let l = a:lnum - 1
  while l > 0 && l >= a:lnum - 200
    let code = s:Strip(getline(l))
    let opened = strridx(code, '/*')
    let closed = strridx(code, '*/')
    if opened >= 0 || closed >= 0
      return opened > closed
    endif
    let l -= 1
  endwhile
  return 0
endfunction

let s:button = '^\s*\%(button\|cancel\|destructive\)\>'

function! PermissionFlowIndent(lnum) abort
  let prev = prevnonblank(a:lnum - 1)
  if prev == 0
    return 0
  endif
  " A comment's own lines keep the author's indentation.
  if s:InComment(a:lnum)
    return -1
  endif
  let line = getline(a:lnum)
  " A button's track sits one level under its button.
  if line =~# '^\s*track\>' && getline(prev) =~# s:button
    return indent(prev) + shiftwidth()
  endif
  " After a button's tracks, back to the button's column.
  let l = prev
  while l > 0 && getline(l) =~# '^\s*track\>'
    let l = prevnonblank(l - 1)
  endwhile
  if l != prev && l > 0 && getline(l) =~# s:button && indent(prev) > indent(l)
    let prev = l
  endif
  " After a comment of several lines, the line that opened it is the one to follow.
  if s:InComment(prev)
    while prev > 1 && s:InComment(prev)
      let prev -= 1
    endwhile
  endif
  let code = s:Code(getline(prev))
  " Braces the previous line opened and did not close; a leading } was already dedented.
  let open = len(substitute(code, '[^{]', '', 'g')) - len(substitute(code, '[^}]', '', 'g'))
  if code =~# '^\s*}'
    let open += 1
  endif
  let indent = indent(prev) + shiftwidth() * (open > 0 ? 1 : open < 0 ? -1 : 0)
  if s:Code(getline(a:lnum)) =~# '^\s*}'
    let indent -= shiftwidth()
  endif
  return max([indent, 0])
endfunction

" Vim/Neovim syntax for PermissionFlow .flow files (filetype permissionflow). The keywords are
" Grammar.md's, in its order (Tests/FlowLanguageServerTests/EditorPackageTests.swift keeps them
" equal to Grammar.md's and to the VS Code grammar's).
if exists('b:current_syntax')
  finish
endif

syntax keyword flowKeyword alert app button call cancel capability destructive done else false flow import let message open outcomes request start state status strings title track true uses fallback on return
syntax match flowDeclaration /\%(\<\%(flow\|state\|call\)\s\+\)\@<=\h\w*/
syntax match flowLocale /\%(\<strings\s\+\)\@<=\a\+\%(-\w\+\)*/
syntax match flowKey /@\s*\h\w*\%(\.\h\w*\)*/
syntax match flowNumber /-\?\<\d\+\%(\.\d\+\)\?\>/
syntax match flowOperator /->\|=\|,\|:/
syntax match flowEscape /\\\%(["\\nt{}]\|u{\x\{1,8}}\)/ contained
syntax match flowPlaceholder /{\h\w*}/ contained
syntax region flowString start=/"/ skip=/\\\\\|\\"/ end=/"\|$/ oneline contains=flowEscape,flowPlaceholder
syntax match flowDirective /\<flowlint:\%(disable:next\|disable\|expect\)\>/ contained
syntax match flowRuleID /\<FL\d\{4}\>/ contained
syntax region flowComment start=+//+ end=/$/ contains=flowDirective,flowRuleID,@Spell
syntax region flowComment start=+/\*+ end=+\*/+ contains=flowDirective,flowRuleID,@Spell

highlight default link flowKeyword Keyword
highlight default link flowDeclaration Function
highlight default link flowLocale Constant
highlight default link flowKey Identifier
highlight default link flowNumber Number
highlight default link flowOperator Operator
highlight default link flowString String
highlight default link flowEscape SpecialChar
highlight default link flowPlaceholder Special
highlight default link flowComment Comment
highlight default link flowDirective PreProc
highlight default link flowRuleID Constant

let b:current_syntax = 'permissionflow'

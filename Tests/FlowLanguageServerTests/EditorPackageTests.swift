import FlowSyntax
import Foundation
import Testing

@testable import FlowLanguageServer

/// The editor packages under Editors/ agree with the language.
@Suite struct EditorPackageTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The words of Grammar.md's "- Keywords:" item (a backtick span over two lines).
    static func grammarKeywords() throws -> [String] {
        let text = try String(contentsOf: repository.appendingPathComponent("Grammar.md"), encoding: .utf8)
        let item = try #require(text.range(of: "- Keywords: `"))
        let rest = text[item.upperBound...]
        let end = try #require(rest.firstIndex(of: "`"))
        return rest[..<end].split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    /// The alternatives of the grammar's `keywords` pattern, `\b(a|b|...)\b`.
    static func textMateKeywords() throws -> [String] {
        let data = try Data(
            contentsOf: repository.appendingPathComponent("Editors/vscode/syntaxes/flow.tmLanguage.json"))
        let grammar = try JSON(parsing: Array(data))
        let match = try #require(grammar["repository"]?["keywords"]?["match"]?.string)
        #expect(match.hasPrefix("\\b(") && match.hasSuffix(")\\b"))
        return match.dropFirst(3).dropLast(3).split(separator: "|").map(String.init)
    }

    @Test func theTextMateKeywordsAreGrammarMdsKeywords() throws {
        let grammar = try Self.grammarKeywords()
        let textMate = try Self.textMateKeywords()
        #expect(grammar.count == 28)
        #expect(textMate == grammar)
        // And both are the lexer's.
        #expect(Set(grammar) == Set(Keyword.allCases.map(\.rawValue)))
    }

    @Test func theVSCodeManifestNamesItsFiles() throws {
        let base = Self.repository.appendingPathComponent("Editors/vscode")
        let manifest = try JSON(parsing: Array(try Data(contentsOf: base.appendingPathComponent("package.json"))))
        let language = try #require(manifest["contributes"]?["languages"]?[0])
        #expect(language["extensions"] == [".flow"])
        let grammar = try #require(manifest["contributes"]?["grammars"]?[0])
        #expect(grammar["language"] == language["id"])
        let tm = try JSON(
            parsing:
                Array(try Data(contentsOf: base.appendingPathComponent("syntaxes/flow.tmLanguage.json"))))
        #expect(grammar["scopeName"] == tm["scopeName"])
        for key in ["main"] {
            let path = try #require(manifest[key]?.string)
            #expect(FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path))
        }
        for path in [language["configuration"]?.string, grammar["path"]?.string] {
            let p = try #require(path)
            _ = try JSON(parsing: Array(try Data(contentsOf: base.appendingPathComponent(p))))
        }
        #expect(manifest["dependencies"]?["vscode-languageclient"] != nil)
    }

    /// The text of a file under the repository.
    static func read(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// One language id in every editor (issue 32): VS Code's language, Helix's language name,
    /// Neovim's filetype and the names of its syntax and indent files.
    @Test func everyEditorNamesTheLanguageTheSameWay() throws {
        let manifest = try JSON(parsing: Array(try Self.read("Editors/vscode/package.json").utf8))
        let vscode = try #require(manifest["contributes"]?["languages"]?[0]?["id"]?.string)
        #expect(vscode == "permissionflow")
        #expect(manifest["contributes"]?["grammars"]?[0]?["language"]?.string == vscode)
        #expect(try Self.read("Editors/vscode/extension.js").contains("language: 'permissionflow'"))
        #expect(try Self.read("Editors/helix/languages.toml").contains("\nname = \"permissionflow\"\n"))
        let plugin = try Self.read("Editors/nvim/plugin/flow-lsp.lua")
        #expect(plugin.contains("vim.bo[args.buf].filetype = 'permissionflow'"))
        #expect(plugin.contains("pattern = 'permissionflow',"))
        #expect(plugin.contains("vim.bo[args.buf].omnifunc = 'v:lua.vim.lsp.omnifunc'"))
        #expect(
            try Self.read("Editors/nvim/syntax/permissionflow.vim").contains("let b:current_syntax = 'permissionflow'"))
        #expect(
            try Self.read("Editors/nvim/indent/permissionflow.vim").contains(
                "setlocal indentexpr=PermissionFlowIndent(v:lnum)"))
    }

    /// The Neovim syntax file's keywords are Grammar.md's, in its order.
    @Test func theVimSyntaxKeywordsAreGrammarMdsKeywords() throws {
        let syntax = try Self.read("Editors/nvim/syntax/permissionflow.vim")
        let line = try #require(syntax.split(separator: "\n").first { $0.hasPrefix("syntax keyword flowKeyword ") })
        let words = line.dropFirst("syntax keyword flowKeyword ".count).split(separator: " ").map(String.init)
        #expect(words == (try Self.grammarKeywords()))
    }
}

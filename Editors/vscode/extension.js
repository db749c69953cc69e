// The VS Code client: starts flow-lsp (stdio) for .flow files through vscode-languageclient.
// Install: npm install in this directory, then package it with `vsce package` or run it from
// the Extensions view with "Developer: Install Extension from Location...".
'use strict';
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration('permissionflow');
  const command = settings.get('server.path') || 'flow-lsp';
  const ruleDocumentationURL = settings.get('server.ruleDocumentationURL') || undefined;
  const serverOptions = { command, args: ['--stdio'], transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [{ scheme: 'file', language: 'permissionflow' }],
    initializationOptions: { ruleDocumentationURL },
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/{.flowlint,flowlint.json}') },
  };
  client = new LanguageClient('flow-lsp', 'PermissionFlow (flow-lsp)', serverOptions, clientOptions);
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };

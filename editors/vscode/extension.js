// The VS Code client of `plint lsp`: starts the server for Puppet files (`*.pp` manifests and
// `*.epp` templates) and hands it the editor's documents through vscode-languageclient, which
// also carries the server's registration of watched files, its progress and its log.
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;

/** The server to start: `plint lsp`, with the program the `plint.path` setting names. */
function serverOptions() {
  const path = vscode.workspace.getConfiguration('plint').get('path') || 'plint';
  return { command: path, args: ['lsp'] };
}

async function start() {
  client = new LanguageClient(
    'plint',
    'plint',
    serverOptions(),
    {
      documentSelector: [{ scheme: 'file', language: 'puppet' }],
    },
  );
  try {
    await client.start();
  } catch (error) {
    const path = serverOptions().command;
    vscode.window.showErrorMessage(
      `plint: cannot start \`${path} lsp\` (${error}); set \`plint.path\` to the plint program.`,
    );
  }
}

async function restart() {
  if (client) {
    const running = client;
    client = undefined;
    await running.stop().catch(() => {});
  }
  await start();
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('plint.restart', restart),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('plint.path')) {
        restart();
      }
    }),
  );
  await start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };

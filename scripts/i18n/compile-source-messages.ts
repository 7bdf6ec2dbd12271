/**
 * English is the source language: its messages stay in the code beside their ids (the macro's `message` field), so
 * the first load needs no English catalog. Lingui compiles catalogs at build time but keeps that inline `message` as
 * an ICU string, which it could only read with its message compiler at run time (~7 KB gzip). This Babel plugin, run
 * after the macro, compiles each inline message at build time into the form a compiled catalog holds, so the run time
 * never parses ICU. Messages of other languages come compiled from their catalogs (@lingui/vite-plugin).
 */
import type { PluginObj, types as BabelTypes } from '@babel/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

type Types = typeof BabelTypes;

function propertyNamed(node: BabelTypes.ObjectExpression, name: string, t: Types) {
  return node.properties.find(
    (p): p is BabelTypes.ObjectProperty =>
      t.isObjectProperty(p) && (t.isIdentifier(p.key, { name }) || t.isStringLiteral(p.key, { value: name })),
  );
}

export function compileSourceMessages({ types: t }: { types: Types }): PluginObj {
  return {
    name: 'dps-compile-source-messages',
    visitor: {
      // The macro marks each descriptor it writes (t`…`, msg`…`, <Trans>'s props) with a leading /*i18n*/ comment;
      // objects written by hand are never touched.
      ObjectExpression(path) {
        if (!path.node.leadingComments?.some((c) => c.value === 'i18n')) return;
        const message = propertyNamed(path.node, 'message', t);
        if (!message || !t.isStringLiteral(message.value)) return;
        message.value = t.valueToNode(compileMessage(message.value.value));
      },
    },
  };
}

/** The Babel plugins both Vite and Vitest run on the console's code: the macro, then the compile above. */
export const linguiBabelPlugins = [
  ['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }],
  compileSourceMessages,
] as const;

/** The console's own code (src/, not the servers'), where the macros are used. */
export const CONSOLE_SOURCE = (file: string | undefined) =>
  /[\\/]src[\\/](?!server[\\/]).*\.tsx?$/.test((file ?? '').split('?')[0]);

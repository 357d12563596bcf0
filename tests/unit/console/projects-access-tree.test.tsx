// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ACCESS_NODE_IDS, uniformTree, type AccessNode } from '../../../protocol/access-tree';
import { AccessTreeEditor } from '../../../src/custom/projects/AccessTreeEditor';
import { projectsMessages } from '../../../src/i18n/areas/projects';
import { renderProjects } from './projects.fixtures';

afterEach(cleanup);

let current: AccessNode[] = [];

function Editor({ initial }: { initial: AccessNode[] }) {
  const [tree, setTree] = useState(initial);
  return (
    <AccessTreeEditor
      value={tree}
      onChange={(next) => {
        current = next;
        setTree(next);
      }}
    />
  );
}

const box = (mode: 'Ver' | 'Modificar', label: string) =>
  screen.getByRole('checkbox', { name: `${mode}: ${label}` }) as HTMLInputElement;

function flags(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (nodes: AccessNode[]) =>
    nodes.forEach((node) => {
      out[node.id] = `${node.show ? 's' : '-'}${node.write ? 'w' : '-'}`;
      walk(node.nodes ?? []);
    });
  walk(current);
  return out;
}

const DEVICE_NODES = ACCESS_NODE_IDS.filter((id) => id.startsWith('devices'));

describe('the access tree editor', () => {
  it('labels every node of the tree with a view and a modify box', () => {
    renderProjects({}, <Editor initial={uniformTree(false, false)} />);
    expect(screen.getAllByRole('row')).toHaveLength(ACCESS_NODE_IDS.length + 1);
    expect(box('Ver', 'Aprovisionamiento de base de datos').checked).toBe(false);
    expect(box('Modificar', 'Activar y desactivar').checked).toBe(false);
  });

  it('ticking view on a node ticks it and its descendants, not write (002 §4)', () => {
    renderProjects({}, <Editor initial={uniformTree(false, false)} />);
    fireEvent.click(box('Ver', 'Dispositivos'));
    const after = flags();
    for (const id of DEVICE_NODES) expect(after[id], id).toBe('s-');
    expect(after.settings).toBe('--');
    expect(after.reports).toBe('--');
    expect(box('Ver', 'Enviar correo').checked).toBe(true);
  });

  it('ticking view on a leaf ticks its ancestors', () => {
    renderProjects({}, <Editor initial={uniformTree(false, false)} />);
    fireEvent.click(box('Ver', 'Instalación de configuración'));
    const after = flags();
    expect(after['devices.provisioning.config']).toBe('s-');
    expect(after['devices.provisioning']).toBe('s-');
    expect(after.devices).toBe('s-');
    expect(after['devices.provisioning.install']).toBe('--');
    expect(after['devices.add']).toBe('--');
  });

  it('unticking view clears the node and its descendants, view and write', () => {
    renderProjects({}, <Editor initial={uniformTree(true, true)} />);
    fireEvent.click(box('Ver', 'Aprovisionamiento'));
    const after = flags();
    expect(after['devices.provisioning']).toBe('--');
    expect(after['devices.provisioning.install']).toBe('--');
    expect(after.devices).toBe('sw');
    expect(after['devices.add']).toBe('sw');
  });

  it('ticking write sets it with view on the node, its descendants and its ancestors', () => {
    renderProjects({}, <Editor initial={uniformTree(false, false)} />);
    fireEvent.click(box('Modificar', 'Aprovisionamiento'));
    const after = flags();
    expect(after['devices.provisioning']).toBe('sw');
    expect(after['devices.provisioning.database']).toBe('sw');
    expect(after.devices).toBe('sw');
    expect(after['devices.add']).toBe('--');
    expect(box('Ver', 'Dispositivos').checked).toBe(true);
  });

  it('unticking write clears it on the node and its descendants only', () => {
    renderProjects({}, <Editor initial={uniformTree(true, true)} />);
    fireEvent.click(box('Modificar', 'Aprovisionamiento'));
    const after = flags();
    expect(after['devices.provisioning']).toBe('s-');
    expect(after['devices.provisioning.install']).toBe('s-');
    expect(after.devices).toBe('sw');
    expect(after.settings).toBe('sw');
  });

  it('offers the whole tree, read only and nothing in one click', () => {
    renderProjects({}, <Editor initial={uniformTree(false, false)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Solo lectura' }));
    expect(current).toEqual(uniformTree(true, false));
    fireEvent.click(screen.getByRole('button', { name: 'Todo' }));
    expect(current).toEqual(uniformTree(true, true));
    fireEvent.click(screen.getByRole('button', { name: 'Nada' }));
    expect(current).toEqual(uniformTree(false, false));
  });

  it('has a label for every node in Spanish and English', () => {
    for (const language of ['es', 'en'] as const) {
      const labels: Record<string, string> = projectsMessages[language].access.nodes;
      expect(Object.keys(labels).sort()).toEqual([...ACCESS_NODE_IDS].sort());
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import type { TestApp } from './app';

/**
 * Managed devices for the MDM tests: the demo project, services calls in a language, a policy
 * and an enrolment token per platform, devices enrolled with them and their compliance reports.
 */
export type Answer = { error: { code: string; description: string }; result: any };

export function mdmFleet(t: TestApp) {
  const demo: DemoEnrolmentFile = JSON.parse(
    fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'),
  );
  const credentials = new Map<string, string>();

  const call = async (operation: string, parameter: unknown, token: string, language = 'es') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      payload: { operation, parameter },
    });
    return response.json() as Answer;
  };

  const created = async (operation: string, parameter: unknown, token: string) => {
    const answer = await call(operation, parameter, token);
    expect(answer.error.description).toBe('');
    return answer.result;
  };

  /** A policy of the platform and a token of it (asking for approval or not). */
  const token = async (admin: string, platform: string, approval = false) => {
    const policy = await created(
      'mdmPoliciesCreate',
      { name: `${platform}-${approval}-${Math.random()}`, platform },
      admin,
    );
    const made = await created(
      'mdmEnrolmentTokensCreate',
      { name: `${platform} ${approval}`, policy: policy.id, project: demo.project, approval },
      admin,
    );
    return { policy: policy.id as number, token: made.token as string };
  };

  const enrol = async (value: string, mid: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/mdm/enrol',
      payload: { token: value, mid, model: 'Pixel 8', owner: 'Ana', os: 'OS' },
    });
    expect(response.json().error.description).toBe('');
    credentials.set(mid, response.json().result.credential);
  };

  const report = async (mid: string, policy: number, reasons: string[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/mdm/compliance',
      headers: { authorization: `Device ${mid}:${credentials.get(mid)}` },
      payload: {
        policy,
        version: 1,
        state: reasons.length ? 'partial' : 'applied',
        nonCompliance: reasons.map((reason, i) => ({ settingName: `setting${i}`, reason })),
      },
    });
    expect(response.json().error.description).toBe('');
  };

  return { demo, credentials, call, created, token, enrol, report };
}

import type { EnvironmentEntry } from '../../../protocol/projects';
import type { CreateEnvironmentRequest } from '../../dataProvider/environmentCalls';

/** The environment dialog's fields, as typed. */
export interface EnvironmentForm {
  name: string;
  urlManager: string;
  urlAuthority: string;
  maxLicences: string;
  datemask: string;
}

export type EnvironmentFormErrors = Partial<Record<keyof EnvironmentForm, string>>;

export const EMPTY_FORM: EnvironmentForm = {
  name: '',
  urlManager: '',
  urlAuthority: '',
  maxLicences: '0',
  datemask: '',
};

export function formOf(entry: EnvironmentEntry): EnvironmentForm {
  return {
    name: entry.title,
    urlManager: entry.address,
    urlAuthority: entry.authority,
    maxLicences: String(entry.maxLicences),
    datemask: entry.datemask,
  };
}

const isHttpUrl = (text: string) =>
  URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol);

/** i18n keys of what is wrong with the form (the server checks again and has the last word). */
export function formErrors(form: EnvironmentForm, creating: boolean): EnvironmentFormErrors {
  const errors: EnvironmentFormErrors = {};
  if (!form.name.trim()) errors.name = 'environments.validation.required';
  if (!isHttpUrl(form.urlManager.trim())) errors.urlManager = 'environments.validation.url';
  if (!isHttpUrl(form.urlAuthority.trim())) errors.urlAuthority = 'environments.validation.url';
  if (creating && !/^\d+$/.test(form.maxLicences.trim())) {
    errors.maxLicences = 'environments.validation.licences';
  }
  return errors;
}

/** The `createEnvironment` parameter of a valid form. */
export function createRequestOf(form: EnvironmentForm): CreateEnvironmentRequest {
  return {
    name: form.name.trim(),
    urlManager: form.urlManager.trim().replace(/\/+$/, ''),
    urlAuthority: form.urlAuthority.trim().replace(/\/+$/, ''),
    maxLicences: Number(form.maxLicences.trim()),
    ...(form.datemask.trim() ? { datemask: form.datemask.trim() } : {}),
  };
}

import { DBNAME_PATTERN, PROJECT_NAME_MAX, type NewProject } from '../../../protocol/projects';

/** The new-project modal's fields as typed (000 §3 New project). */
export interface NewProjectForm {
  projectname: string;
  databasename: string;
  ldata: string;
  license: number;
  numlic: string;
  hasGenerateLDATA: boolean;
}

export type NewProjectErrors = Partial<Record<keyof NewProjectForm, string>>;

export const newProjectForm = (license: number): NewProjectForm => ({
  projectname: '',
  databasename: '',
  ldata: '',
  license,
  numlic: '0',
  hasGenerateLDATA: true,
});

/** What the console can tell before asking (the server checks everything again). */
export function newProjectErrors(form: NewProjectForm, free: number): NewProjectErrors {
  const errors: NewProjectErrors = {};
  const name = form.projectname.trim();
  if (!name) errors.projectname = 'environments.validation.required';
  else if (name.length > PROJECT_NAME_MAX)
    errors.projectname = 'environments.new_project.name_long';
  if (!DBNAME_PATTERN.test(form.databasename.trim())) {
    errors.databasename = 'environments.new_project.dbname_invalid';
  }
  const numlic = form.numlic.trim();
  if (!/^\d+$/.test(numlic)) errors.numlic = 'environments.licences.invalid';
  else if (Number(numlic) > free) errors.numlic = 'environments.licences.no_more';
  return errors;
}

export function newProjectOf(form: NewProjectForm): NewProject {
  return {
    projectname: form.projectname.trim(),
    databasename: form.databasename.trim(),
    ldata: form.ldata,
    license: form.license,
    numlic: Number(form.numlic.trim()),
    hasGenerateLDATA: form.hasGenerateLDATA,
  };
}

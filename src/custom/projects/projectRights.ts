import type { ProjectEntry } from '../../../protocol/projects';

/** Who may share a project: its owner, a company administrator, or a share with `share`. */
export function mayShare(project: ProjectEntry, admin: boolean): boolean {
  return project.owner || admin || project.permissions.share;
}

/** Who may publish a project: its owner, a company administrator, or a share with `publish`. */
export function mayPublish(project: ProjectEntry, admin: boolean): boolean {
  return project.owner || admin || project.permissions.publish;
}

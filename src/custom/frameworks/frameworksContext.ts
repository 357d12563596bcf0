import { createContext, useContext } from 'react';
import type { FrameworkEnvironment } from '../../dataProvider/frameworkCalls';

/** What the frameworks page knows that its lists' row actions need. */
export interface FrameworksPageState {
  /** The caller's rights in each environment, as the server decides them (frameworksContext). */
  environments: ReadonlyMap<number, FrameworkEnvironment>;
  /** The address a generation's download link (its QR) opens: this page, downloading it. */
  downloadLink(id: number): string;
}

const FrameworksPageContext = createContext<FrameworksPageState>({
  environments: new Map(),
  downloadLink: () => '',
});

export const FrameworksPageProvider = FrameworksPageContext.Provider;

/** The frameworks page's state, for the generations' row actions. */
export const useFrameworksPage = () => useContext(FrameworksPageContext);

/** The query key of the frameworks page's context of a project. */
export const frameworksContextKey = (projectid: number | null) =>
  ['flota', 'frameworksContext', projectid] as const;

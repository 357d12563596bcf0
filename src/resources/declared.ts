import { RESOURCE_DEFINITIONS, resourceDefinition } from '../../protocol/resources';
import { extendMessages } from '../i18n/i18nProvider';
import { resourceMessages } from '../i18n/resourceMessages';

/**
 * The declared resources as the console uses them. Loaded after the first screen (routes, the
 * data provider's calls and the permission checks import it lazily); loading it adds the
 * resources' labels (`resources.<name>.…`) to the translations.
 */
extendMessages(resourceMessages);

export { RESOURCE_DEFINITIONS, resourceDefinition };

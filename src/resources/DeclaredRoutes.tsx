import { NotFound } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import CustomEntityScreen from './CustomEntityScreen';
import { definitionScreens } from './factory';
import { RESOURCE_DEFINITIONS } from './declared';

const APP = '/app/';

/**
 * The declared resources' screens, each at its /app/ path (000 §2), mounted by App.tsx under
 * `/app/*` and loaded after the first screen. An embedded resource (a device's files) lives inside
 * another screen and has no route; the screens App.tsx mounts by name rank before these.
 */
const declared = Object.values(RESOURCE_DEFINITIONS).filter(
  (definition) => !definition.embedded && definition.path.startsWith(APP),
);

export default function DeclaredRoutes() {
  return (
    <Routes>
      {declared.map((definition) => (
        <Route
          key={definition.name}
          path={`${definition.path.slice(APP.length)}${definition.form === 'page' ? '/*' : ''}`}
          element={definitionScreens(definition)}
        />
      ))}
      {/* A custom entity of the company, made live (docs/resources.md, "Custom entities"). */}
      <Route path="custom/:name" element={<CustomEntityScreen />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

import { Alert } from '@mui/material';
import { Loading } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { useSession } from '../../dataProvider';
import { servedPath } from '../../paths';

/** The dashboard at `/`: goes where the server says the user lands (000 §4). */
export function LandingRedirect() {
  const { data, error } = useSession();
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data) return <Loading />;
  return <Navigate to={servedPath(data.landing)} replace />;
}

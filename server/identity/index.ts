export { registerIdentity } from './routes';
export { hashPassword, verifyPassword } from './passwords';

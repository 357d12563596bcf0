/**
 * Texts of /app/organization (the company's data, the companies it shares projects with, its
 * certificates) and /app/security (identity clients); merged into es.ts and en.ts.
 */
export const organizationMessages = {
  es: {
    organization: {
      title: 'Organización',
      company: 'Datos de la empresa',
      company_saved: 'Datos de la empresa guardados',
      only_admins: 'Solo los administradores de la empresa pueden cambiar estos datos.',
      certificates_intro:
        'Los ficheros y las contraseñas se guardan cifrados y no vuelven a mostrarse: solo su nombre, tipo, alias y caducidad.',
      upload: 'Subir certificado',
      upload_title: 'Subir un certificado',
      file: 'Fichero',
      choose_file: 'Elegir fichero',
      no_file: 'Ningún fichero elegido',
      uploading: 'Subiendo…',
      uploaded: 'Certificado subido',
      keystore_help:
        'Almacén Android: alias de la clave y contraseña del almacén (y de la clave, si es otra).',
      p12_help: 'Certificado Apple: contraseña del .p12 y Team ID.',
    },
    security: {
      intro:
        'Un cliente de API obtiene tokens con su secreto (client credentials) y llama a /api/services y /api/rest con los derechos que le dé, nunca más que los suyos. Un cliente de acceso permite a otra aplicación iniciar sesión con los usuarios de Flota (código de autorización con PKCE).',
      secret_title: 'Secreto del cliente «%{name}»',
      secret_once:
        'Copie el secreto ahora: no se vuelve a mostrar. Si lo pierde, borre el cliente y cree otro.',
      client_id: 'Identificador (client_id)',
      secret: 'Secreto (client_secret)',
      token_url: 'Dirección del token',
      copy: 'Copiar',
      copied: 'Copiado',
      done: 'Hecho',
      created: 'Cliente creado',
      api_help:
        'Sus derechos no pueden pasar de los suyos; actúa con sus proyectos y su árbol de accesos. El secreto se muestra una vez.',
      login_help: 'Direcciones de retorno: una por línea; https, o http solo para localhost.',
    },
  },
  en: {
    organization: {
      title: 'Organization',
      company: 'Company details',
      company_saved: 'Company details saved',
      only_admins: "Only the company's administrators can change these details.",
      certificates_intro:
        'Files and passwords are stored encrypted and never shown again: only their name, type, alias and expiry.',
      upload: 'Upload certificate',
      upload_title: 'Upload a certificate',
      file: 'File',
      choose_file: 'Choose file',
      no_file: 'No file chosen',
      uploading: 'Uploading…',
      uploaded: 'Certificate uploaded',
      keystore_help:
        "Android keystore: the key's alias and the keystore password (and the key's, if different).",
      p12_help: 'Apple certificate: the .p12 password and the Team ID.',
    },
    security: {
      intro:
        'An API client gets tokens with its secret (client credentials) and calls /api/services and /api/rest with the rights you give it, never more than yours. A login client lets another application sign Flota users in (authorization code with PKCE).',
      secret_title: 'Secret of the client “%{name}”',
      secret_once:
        'Copy the secret now: it is not shown again. If you lose it, delete the client and create another.',
      client_id: 'Identifier (client_id)',
      secret: 'Secret (client_secret)',
      token_url: 'Token endpoint',
      copy: 'Copy',
      copied: 'Copied',
      done: 'Done',
      created: 'Client created',
      api_help:
        'Its rights cannot exceed yours; it acts with your projects and access tree. The secret is shown once.',
      login_help: 'Redirect URIs: one per line; https, or http for localhost only.',
    },
  },
};

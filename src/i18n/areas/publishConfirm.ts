/** The confirmation before an update is published (issue 33, point 15), both languages. */
export const publishConfirmMessages = {
  es: {
    updates: {
      confirm: {
        title: 'Publicar la actualización',
        counting: 'Contando los dispositivos que la recibirán…',
        devices:
          'La recibirá %{smart_count} dispositivo. |||| La recibirán %{smart_count} dispositivos.',
        none: 'Ahora no la recibirá ningún dispositivo.',
        later: 'Los dispositivos que se den de alta después la recibirán del repositorio.',
        publish: 'Publicar',
        cancel: 'Cancelar',
      },
    },
  },
  en: {
    updates: {
      confirm: {
        title: 'Publish the update',
        counting: 'Counting the devices that will receive it…',
        devices:
          '%{smart_count} device will receive it. |||| %{smart_count} devices will receive it.',
        none: 'No device will receive it now.',
        later: 'Devices enrolled later will receive it from the repository.',
        publish: 'Publish',
        cancel: 'Cancel',
      },
    },
  },
};

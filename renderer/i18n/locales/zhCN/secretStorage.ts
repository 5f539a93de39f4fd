/** 简体中文：桌面应用没有钥匙串时机密的去处（在输入机密的地方说明）。 */
export const secretStorage = {
  noSecretService:
    '没有正在运行的密钥服务，因此机密保存在只有你的用户能读取的文件中，而不是钥匙串里。',
  keychainUnavailable: '系统钥匙串不可用，因此机密保存在只有你的用户能读取的文件中。',
  linuxSummary: '改为保存在钥匙串中',
  linuxSteps:
    '安装一个密钥服务，例如 GNOME Keyring（sudo apt install gnome-keyring）或 KWallet，让桌面会话启动它，然后重启 Switchboard。如果 Switchboard 无法识别你的桌面环境，请使用 --password-store=gnome-libsecret 启动它。',
};

import type { LocaleShape } from '../../LocaleShape';
import type { tasks as en } from '../en/tasks';

/** 简体中文：以任务方式运行的工具调用（工具卡片、任务列表、设置）。 */
export const tasks: LocaleShape<typeof en> = {
  title: '任务',
  nav: '任务',
  runningCount_one: '{{count}} 个进行中',
  runningCount_other: '{{count}} 个进行中',
  intro:
    '服务器以长时间任务方式运行的工具调用，以及服务器以任务方式发来、等你回答的请求，涵盖所有对话。关闭窗口或退出应用后工具调用仍会继续，结果会送回所属的对话；服务器发来的请求若在你回答前退出应用，则会结束。',
  empty: '暂无任务。服务器以任务方式运行工具调用时，会显示在这里。',
  running: '进行中',
  ended: '最近结束',
  loadFailed: '无法读取任务列表：{{message}}',
  label: '{{server}} 上 {{tool}} 的任务',
  status: {
    working: '进行中',
    input_required: '等待你的回答',
    completed: '已完成',
    failed: '失败',
    cancelled: '已取消',
    expired: '已过期',
    declined: '已拒绝',
  },
  origin: {
    chat: '来自对话',
    cli: '来自命令行',
    server: '来自服务器视图',
    request: '由服务器发起，服务器会回来查询结果',
  },
  openConversation: '打开对话',
  request: {
    sampling: '采样请求',
    elicitation: '信息请求',
    label: '来自 {{server}} 的{{kind}}',
    open: '去回答',
  },
  cancel: '取消任务',
  cancelling: '正在取消…',
  cancelFailed: '无法取消：{{message}}',
  elapsed: '已运行 {{time}}',
  took: '用时 {{time}}',
  taskId: '任务 {{id}}',
  waitingForServer: '正在等待 {{server}} 就绪，以便继续跟进…',
  background: '任务在后台继续运行，结果将送回此对话。',
  delivered: '结果已送回对话。',
  deliveryPending: '正在把结果送回对话…',
  answerBelow: '服务器有问题需要你回答，回答后任务才会继续。',
  expiredHelp: '服务器已不再保留此任务（已超过保留时间，或服务器已重启）。',
  settings: {
    section: '任务',
    preferTasks: '可以任务方式运行的工具，按任务运行',
    preferTasksHelp:
      '有些工具两种方式都可以运行。按任务运行时，耗时较长的调用会在这里显示进度、可以取消，并且在关闭应用后仍会继续。必须以任务运行的工具总是按任务运行。',
  },
};

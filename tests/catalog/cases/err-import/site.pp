notify { 'before': }
import('nodes/*.pp')
